package io.celerity.host;

import io.celerity.internal.fencing.ClaimHolder;

/** A host will not start a service because another live instance of it already runs on the same queues. */
public final class ServiceAlreadyRunningException extends IllegalStateException {

    private final transient ClaimHolder holder;

    public ServiceAlreadyRunningException(String message, ClaimHolder holder) {
        super(message);
        this.holder = holder;
    }

    /** The instance that runs, or null when its claim file does not name it yet (it is starting). */
    public ClaimHolder holder() {
        return holder;
    }
}
