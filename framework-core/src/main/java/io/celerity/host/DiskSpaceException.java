package io.celerity.host;

/** A host will not start because a queue's file system has less usable space than {@code minFreeSpace}. */
public final class DiskSpaceException extends IllegalStateException {
    DiskSpaceException(String message) {
        super(message);
    }
}
