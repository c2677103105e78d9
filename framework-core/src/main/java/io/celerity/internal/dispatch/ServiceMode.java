package io.celerity.internal.dispatch;

/** What a service is doing with its inputs and outputs: one value, owned by its {@link DispatchContext}. */
public enum ServiceMode {
    /** Reading its inputs and writing what they cause. */
    LIVE,
    /** Rebuilding its state at start: inputs or outputs read again, nothing written, ids from a replay's own. */
    REBUILDING,
    /** Standing by behind its output gate: its state kept warm from the output another host writes; nothing written. */
    FOLLOWING;

    /** Whether what the component writes goes to its output queue. */
    boolean writes() {
        return this == LIVE;
    }
}
