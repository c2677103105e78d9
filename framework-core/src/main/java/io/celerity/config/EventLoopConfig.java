package io.celerity.config;

/**
 * A thread that runs one or more services.
 *
 * @param name     the name services use to share it
 * @param pauser   what the thread does when idle
 * @param affinity {@code NONE}, {@code ANY} (any free reserved CPU) or a CPU number
 */
public record EventLoopConfig(String name, PauserType pauser, String affinity) {

    /** The loop services run on when they name none. */
    public static final String DEFAULT_NAME = "default";

    /** A loop with the default pauser and no CPU binding. */
    public static EventLoopConfig of(String name) {
        return new EventLoopConfig(name, PauserType.BALANCED, "NONE");
    }
}
