package io.celerity.config;

import io.celerity.internal.component.ComponentType;

/** Checks the user's agents against the rest of a configuration; throws on the first mistake. */
final class AgentValidator {

    private final CelerityConfig config;
    private final boolean checkComponents;

    AgentValidator(CelerityConfig config, boolean checkComponents) {
        this.config = config;
        this.checkComponents = checkComponents;
    }

    void validate() {
        config.agents().values().forEach(this::validate);
    }

    private void validate(AgentConfig a) {
        String entry = "agent '" + a.name() + "'";
        if (config.services().containsKey(a.name()))
            throw error(entry, null, "name '" + a.name() + "' is also a service's; expected names unique across "
                    + "services and agents (they name threads' participants, counters and log lines)");
        if (a.implClass() == null || a.implClass().isBlank())
            throw error(entry, "implClass", "missing; expected the agent's class name");
        if (a.output() == null)
            throw error(entry, "output", "missing; expected the name of the queue the agent's events are written to");
        if (!config.queues().containsKey(a.output()))
            throw error(entry, "output", "unknown queue '" + a.output() + "'; expected one of "
                    + config.queues().keySet());
        for (ServiceConfig s : config.services().values())
            if (writes(s, a.output()))
                throw error(entry, "output", "queue '" + a.output() + "' is written by service '" + s.name()
                        + "' (its output, errors or snapshots), whose restart and replay read that queue as its own;"
                        + " expected a queue only agents write, e.g. one a service reads as its input");
        if (a.eventLoop().equals(ConfigValidator.REPLICATION_LOOP))
            throw error(entry, "eventLoop", "loop '" + ConfigValidator.REPLICATION_LOOP + "' copies queues between "
                    + "hosts (its pauser may be configured); expected another loop, so copying never waits for a "
                    + "component");
        if (!config.eventLoops().containsKey(a.eventLoop()))
            throw error(entry, "eventLoop", "unknown event loop '" + a.eventLoop() + "'; expected one declared under "
                    + "eventLoops " + config.eventLoops().keySet() + ", or none for the default loop");
        if (checkComponents)
            validateClass(entry, a);
    }

    private static boolean writes(ServiceConfig s, String queue) {
        return queue.equals(s.output()) || queue.equals(s.errors())
                || (s.snapshot() != null && queue.equals(s.snapshot().queue()));
    }

    private void validateClass(String entry, AgentConfig a) {
        Class<?> cls;
        try {
            cls = Class.forName(a.implClass(), false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw error(entry, "implClass", "class '" + a.implClass() + "' not found; expected a class on the "
                    + "classpath (for the celerity command line: --classpath PATH or CELERITY_CLASSPATH)");
        }
        ComponentType type;
        try {
            type = ComponentType.ofAgent(cls);
        } catch (IllegalArgumentException e) {
            throw error(entry, "implClass", e.getMessage());
        }
        ConfigValidator.validateSettings(type, a.settings(), a.implClass(), (key, problem) -> error(entry, key, problem));
    }

    private ConfigException error(String entry, String key, String problem) {
        return new ConfigException(config.source(), config.line(entry, key), entry, key, problem);
    }
}
