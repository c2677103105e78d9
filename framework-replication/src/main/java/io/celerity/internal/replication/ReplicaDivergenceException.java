package io.celerity.internal.replication;

/** A replica holds, at an index, a document other than its source's: replication stops and the replica is left as is. */
public final class ReplicaDivergenceException extends RuntimeException {

    private final long index;

    ReplicaDivergenceException(String message, long index) {
        super(message);
        this.index = index;
    }

    /** The first index found to differ. */
    public long index() {
        return index;
    }
}
