package io.celerity.config;

/** How a restarted service gets its state back before it resumes. */
public enum StateRebuild {
    /** It does not: the component starts empty (right for stateless services). */
    NONE,
    /**
     * Replay, with outputs suppressed, every input that produced output, in the order the output queue's message
     * histories record them. Inputs that produced no output are, by contract, free of side effects and not needed.
     */
    REPLAY_INPUTS,
    /**
     * Replay, with outputs suppressed, the service's own output queue into the component, which implements its output
     * interface(s) to take each output event back into its state. Needs no input to be kept, and ids the component drew
     * come back exactly as they were written; the output queue must be the service's alone.
     */
    REPLAY_OUTPUTS
}
