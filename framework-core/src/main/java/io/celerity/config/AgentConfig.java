package io.celerity.config;

import java.util.Map;

/**
 * A user's own {@code org.agrona.concurrent.Agent} run on an event loop beside services, e.g. a gateway turning network
 * input into a queue's events. It reads no queue: it writes events to {@code output} through a generated writer.
 *
 * @param name      unique among services and agents
 * @param implClass the agent's class name
 * @param output    the queue its events are written to
 * @param eventLoop the loop (thread) it runs on
 * @param settings  values for the agent's settings object, by field name
 */
public record AgentConfig(String name, String implClass, String output, String eventLoop,
                          Map<String, Object> settings) {

    public AgentConfig {
        settings = Map.copyOf(settings);
    }

    /** An agent on the default loop with no settings. */
    public static AgentConfig of(String name, Class<?> implClass, String output) {
        return new AgentConfig(name, implClass.getName(), output, EventLoopConfig.DEFAULT_NAME, Map.of());
    }

    /** This agent on the loop named {@code eventLoop}. */
    public AgentConfig withEventLoop(String eventLoop) {
        return new AgentConfig(name, implClass, output, eventLoop, settings);
    }

    /** This agent with settings handed to its constructor. */
    public AgentConfig withSettings(Map<String, Object> settings) {
        return new AgentConfig(name, implClass, output, eventLoop, settings);
    }
}
