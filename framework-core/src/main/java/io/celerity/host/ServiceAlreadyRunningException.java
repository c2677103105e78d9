package io.celerity.host;

/** A host will not start a service because another live instance of it already runs on the same queues. */
public final class ServiceAlreadyRunningException extends IllegalStateException {

    private final transient RunningInstance holder;

    public ServiceAlreadyRunningException(String message, RunningInstance holder) {
        super(message);
        this.holder = holder;
    }

    /** The instance that runs, or null when its claim file does not name it yet (it is starting). */
    public RunningInstance holder() {
        return holder;
    }
}
