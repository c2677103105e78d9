package io.celerity.config;

/** How a restarted service gets its state back before it resumes. */
public enum StateRebuild {
    /** It does not: the component starts empty (right for stateless services). */
    NONE,
    /**
     * Replay, with outputs suppressed, every input that produced output, in the order the output queue's message
     * histories record them. Inputs that produced no output are, by contract, free of side effects and not needed.
     */
    REPLAY_INPUTS
}
