package io.celerity.config;

/**
 * A thread that runs one or more services and agents.
 *
 * @param name     the name services and agents use to share it
 * @param pauser   what the thread does when idle
 * @param affinity which CPU the thread binds to
 */
public record EventLoopConfig(String name, PauserType pauser, Affinity affinity) {

    /** The loop services run on when they name none. */
    public static final String DEFAULT_NAME = "default";

    /** A loop with the default pauser and no CPU binding. */
    public static EventLoopConfig of(String name) {
        return new EventLoopConfig(name, PauserType.BALANCED, Affinity.NONE);
    }
}
