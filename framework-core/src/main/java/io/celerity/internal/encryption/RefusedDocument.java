package io.celerity.internal.encryption;

/**
 * A document of an encrypted queue that cannot be opened: tampered with, sealed with a key version not held here, or
 * not sealed at all (a forgotten subject's key record, overwritten, is one). Its tailer passes over it; nothing of it
 * is given to a reader.
 */
public final class RefusedDocument extends RuntimeException {

    private final long index;

    RefusedDocument(String queue, long index, String why) {
        super("queue '" + queue + "', index 0x" + Long.toHexString(index) + ": refused, " + why);
        this.index = index;
    }

    /** The index of the refused document. */
    public long index() {
        return index;
    }
}
