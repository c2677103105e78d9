package io.celerity.config;

import io.celerity.internal.component.ComponentType;
import io.celerity.internal.component.SettingsBinder;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Checks a configuration as a whole before anything starts; throws on the first mistake. */
final class ConfigValidator {

    /** The loop a host's queue replicators run on (the replication extension's): no service or agent may take it. */
    static final String REPLICATION_LOOP = "replication";

    private final CelerityConfig config;
    private final boolean checkComponents;
    private final QueueValidator queues;

    ConfigValidator(CelerityConfig config, boolean checkComponents) {
        this.config = config;
        this.checkComponents = checkComponents;
        this.queues = new QueueValidator(config);
    }

    void validate() {
        if (config.hostId() < 0 || config.hostId() > 99)
            throw error("top level", "hostId", "host id " + config.hostId() + " is out of range; expected 0-99");
        if (config.metricsPort() < -1 || config.metricsPort() > 65535)
            throw error("top level", "monitoring.httpPort", "port " + config.metricsPort() + " is out of range; expected 0-65535");
        if (config.minFreeSpace() < 0)
            throw error("top level", "minFreeSpace", config.minFreeSpace() + " bytes is negative; expected 0 (no check) "
                    + "or more");
        Duration timeout = config.writeFailureTimeout();
        if (timeout == null || timeout.isNegative() || timeout.isZero())
            throw error("top level", "writeFailureTimeout", "period " + timeout + " must be positive");
        queues.validate();
        config.eventLoops().values().forEach(this::validateEventLoop);
        config.services().values().forEach(this::validateService);
        validateWritersAreDistinguishable();
        new AgentValidator(config, checkComponents).validate();
        new HostValidator(config).validate();
        // The modules' own: e.g. the cluster's, of a highly available service.
        ConfigChecks.all().forEach(check -> check.check(config, checkComponents));
    }

    /** A component reading a queue that declares its events must take some of them, or it could accept none. */
    private void validateReadsDeclaredEvents(ServiceConfig s, Class<?> implClass) {
        for (String queue : s.readQueues()) {
            List<String> events = config.queues().get(queue).events();
            if (events.isEmpty())
                continue;
            boolean takesOne = false;
            for (String event : events)
                takesOne |= queues.eventInterface("queue '" + queue + "'", event).isAssignableFrom(implClass);
            if (!takesOne)
                throw error("service '" + s.name() + "'", queue.equals(s.control()) ? "control" : "inputs",
                        "queue '" + queue + "' carries only events of " + events + " (its key events), but "
                        + implClass.getName() + " implements none of them; expected a component implementing at "
                        + "least one");
        }
    }

    /** Where a service reports failed inputs: a queue it neither reads (a failure would feed itself) nor answers on. */
    private void validateErrors(ServiceConfig s) {
        String entry = "service '" + s.name() + "'";
        requireQueue(entry, "errors", s.errors());
        if (s.readQueues().contains(s.errors()))
            throw error(entry, "errors", "queue '" + s.errors() + "' is also read by this service; a failure reading "
                    + "its own failure reports would feed itself; expected a queue it does not read");
        if (s.errors().equals(s.output()))
            throw error(entry, "errors", "queue '" + s.errors() + "' is also its output; readers of the output would get "
                    + "failure reports among its answers; expected a queue of its own, e.g. errors");
    }

    private void validateEventLoop(EventLoopConfig loop) {
        String entry = "event loop '" + loop.name() + "'";
        if (loop.pauser() == null)
            throw error(entry, "pauser", "missing; expected one of BUSY, YIELDING, BALANCED, SLEEPY");
        if (loop.affinity() == null)
            throw error(entry, "affinity", "missing; expected NONE, ANY or a CPU number");
    }

    private void validateService(ServiceConfig s) {
        String entry = "service '" + s.name() + "'";
        if (s.implClass() == null || s.implClass().isBlank())
            throw error(entry, "implClass", "missing; expected the component's class name");
        validateServiceQueues(entry, s);
        if (s.startFrom() == null)
            throw error(entry, "startFrom", "missing; expected one of LAST_WRITTEN, START, END");
        validateRebuild(entry, s);
        if (s.eventLoop().equals(REPLICATION_LOOP))
            throw error(entry, "eventLoop", "loop '" + REPLICATION_LOOP + "' copies queues between hosts "
                    + "(its pauser may be configured); expected another loop, so copying never waits for a component");
        if (!config.eventLoops().containsKey(s.eventLoop()))
            throw error(entry, "eventLoop", "unknown event loop '" + s.eventLoop() + "'; expected one declared under "
                    + "eventLoops " + config.eventLoops().keySet() + ", or none for the default loop");

        if (s.errors() != null)
            validateErrors(s);
        if (checkComponents) // what follows loads the component class
            validateComponent(entry, s);
    }

    /** The queues a service reads and writes: declared, each input once, and none both read and written. */
    private void validateServiceQueues(String entry, ServiceConfig s) {
        if (s.inputs().isEmpty())
            throw error(entry, "inputs", "no inputs; expected a list of one or more queue names");
        for (String input : s.inputs())
            requireQueue(entry, "inputs", input);
        if (s.inputs().stream().distinct().count() != s.inputs().size())
            throw error(entry, "inputs", "a queue is listed twice in " + s.inputs() + "; expected each input once");
        if (s.control() != null) {
            requireQueue(entry, "control", s.control());
            if (s.inputs().contains(s.control()))
                throw error(entry, "control", "queue '" + s.control() + "' is also listed in inputs " + s.inputs()
                        + "; expected a queue read only as the control input");
        }
        if (s.output() == null)
            throw error(entry, "output", "missing; expected the name of the queue outputs are written to");
        requireQueue(entry, "output", s.output());
        if (s.readQueues().contains(s.output()))
            throw error(entry, "output", "queue '" + s.output() + "' is also read by this service (" + (s.inputs()
                    .contains(s.output()) ? "inputs " + s.inputs() : "control") + "), so it would read its own outputs "
                    + "back as inputs without end; expected an output queue it does not read");
    }

    /** How a service rebuilds its state: replayed queues must keep every cycle. */
    private void validateRebuild(String entry, ServiceConfig s) {
        if (s.rebuild() == null)
            throw error(entry, "rebuildState", "missing; expected NONE, REPLAY_INPUTS or REPLAY_OUTPUTS");
        if (s.rebuild() == StateRebuild.REPLAY_INPUTS)
            for (String q : concat(s.inputs(), s.output()))
                if (config.queues().containsKey(q) && config.queues().get(q).keepCycles() > 0)
                    throw error("queue '" + q + "'", "keepCycles", "service '" + s.name() + "' rebuilds its state by "
                            + "replaying every input its output records (rebuildState: REPLAY_INPUTS), so its queues "
                            + "must keep every cycle; expected no keepCycles on " + concat(s.inputs(), s.output()));
        if (s.rebuild() == StateRebuild.REPLAY_OUTPUTS)
            validateOwnOutput(s);
    }

    /** What a service's component class must offer for its settings, timer, rebuild and snapshots. */
    private void validateComponent(String entry, ServiceConfig s) {
        ComponentType type = componentType(entry, s.implClass());
        validateReadsDeclaredEvents(s, type.implClass());
        if ((s.timerMethod() == null) != (s.timerPeriod() == null))
            throw error(entry, "timer", "expected both a method and a period");
        if (s.timerMethod() != null) {
            if (s.timerPeriod().isNegative() || s.timerPeriod().isZero())
                throw error(entry, "timer", "period " + s.timerPeriod() + " must be positive");
            try {
                type.timerMethod(s.timerMethod());
            } catch (IllegalArgumentException e) {
                throw error(entry, "timer", e.getMessage());
            }
        }
        if (s.rebuild() == StateRebuild.REPLAY_OUTPUTS && type.implementedOutputs().isEmpty())
            throw error(entry, "rebuildState", "REPLAY_OUTPUTS gives the component its outputs back, but "
                    + s.implClass() + " implements none of its output interfaces " + simpleNames(type.outputInterfaces())
                    + "; expected it to implement them, taking each output into its state");
        if (s.snapshot() != null)
            validateSnapshot(s, type);
        try {
            type.withoutInputs(type.stateInterfaces(s.rebuild() == StateRebuild.REPLAY_OUTPUTS,
                    s.snapshot() == null ? null : s.snapshot().method()));
        } catch (IllegalArgumentException e) {
            throw error(entry, "implClass", e.getMessage());
        }
        if (s.heartbeat() != null && (s.heartbeat().isNegative() || s.heartbeat().isZero()))
            throw error(entry, "heartbeat", "period " + s.heartbeat() + " must be positive");
        validateSettings(type, s.settings(), s.implClass(), (key, problem) -> error(entry, key, problem));
    }

    /** Settings given must fit the settings class the constructor takes; {@code error} builds the exception. */
    static void validateSettings(ComponentType type, Map<String, Object> settings, String implClass,
                                 java.util.function.BiFunction<String, String, ConfigException> error) {
        if (settings.isEmpty())
            return;
        if (type.settingsType() == null)
            throw error.apply("settings", "given, but no constructor of " + implClass
                    + " takes a settings object; expected a constructor parameter of a settings class");
        try {
            SettingsBinder.bind(type.settingsType(), settings);
        } catch (SettingsBinder.InvalidSetting e) {
            throw error.apply("settings." + e.setting(), e.getMessage());
        } catch (IllegalArgumentException e) {
            throw error.apply("settings", e.getMessage());
        }
    }

    /** Replaying its outputs takes back everything on the queue: it must be the service's alone, and whole. */
    private void validateOwnOutput(ServiceConfig s) {
        String entry = "service '" + s.name() + "'";
        for (ServiceConfig other : config.services().values())
            if (other != s && other.output().equals(s.output()) || s.output().equals(other.errors()))
                throw error(entry, "output", "service '" + other.name() + "' writes to queue '" + s.output() + "' too, "
                        + "but REPLAY_OUTPUTS takes back everything on it; expected an output queue of its own");
        if (config.queues().get(s.output()).keepCycles() > 0)
            throw error("queue '" + s.output() + "'", "keepCycles", "service '" + s.name() + "' rebuilds its state "
                    + "from this queue (rebuildState: REPLAY_OUTPUTS), so it must keep every cycle; expected no keepCycles");
    }

    private void validateSnapshot(ServiceConfig s, ComponentType type) {
        String entry = "service '" + s.name() + "'";
        SnapshotConfig snap = s.snapshot();
        if (snap.queue() == null)
            throw error(entry, "snapshot.queue", "missing; expected the name of the queue snapshots are written to");
        requireQueue(entry, "snapshot.queue", snap.queue());
        for (ServiceConfig other : config.services().values()) {
            boolean usedElsewhere = other.readQueues().contains(snap.queue()) || other.output().equals(snap.queue())
                    || snap.queue().equals(other.errors())
                    || (other != s && other.snapshot() != null && snap.queue().equals(other.snapshot().queue()));
            if (usedElsewhere)
                throw error(entry, "snapshot.queue", "queue '" + snap.queue() + "' is also read or written by service '"
                        + other.name() + "'; expected a queue only this service's snapshots go to");
        }
        if (s.rebuild() == StateRebuild.NONE)
            throw error(entry, "snapshot", "given, but rebuildState is NONE: a snapshot alone would lose whatever the "
                    + "service did after it; expected rebuildState REPLAY_INPUTS or REPLAY_OUTPUTS");
        if (snap.everyInputs() < 0)
            throw error(entry, "snapshot.everyInputs", snap.everyInputs() + " is negative; expected a count of inputs");
        if (snap.period() != null && (snap.period().isNegative() || snap.period().isZero()))
            throw error(entry, "snapshot.period", "period " + snap.period() + " must be positive");
        if (snap.everyInputs() == 0 && snap.period() == null)
            throw error(entry, "snapshot", "neither everyInputs nor period given; expected at least one of them");
        try {
            type.snapshotMethod(snap.method());
        } catch (IllegalArgumentException e) {
            throw error(entry, "snapshot.method", e.getMessage());
        }
    }

    private static String simpleNames(List<Class<?>> types) {
        return types.stream().map(Class::getSimpleName).toList().toString();
    }

    private ComponentType componentType(String entry, String implClass) {
        Class<?> cls;
        try {
            cls = Class.forName(implClass, false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw error(entry, "implClass", "class '" + implClass + "' not found; expected a class on the classpath "
                    + "(for the celerity command line: --classpath PATH or CELERITY_CLASSPATH)");
        }
        try {
            return ComponentType.of(cls);
        } catch (IllegalArgumentException e) {
            throw error(entry, "implClass", e.getMessage());
        }
    }

    private void requireQueue(String entry, String key, String queue) {
        if (!config.queues().containsKey(queue))
            throw error(entry, key, "unknown queue '" + queue + "'; expected one of " + config.queues().keySet());
    }

    /** Restart finds a service's last input by the input's source id in the output; two writers must not share one. */
    private void validateWritersAreDistinguishable() {
        Map<String, String> writerBySourceOnQueue = new HashMap<>();
        for (ServiceConfig s : config.services().values()) {
            for (String written : s.errors() == null ? List.of(s.output()) : List.of(s.output(), s.errors())) {
                for (String input : s.readQueues()) {
                    int sourceId = config.queues().get(input).sourceId();
                    String other = writerBySourceOnQueue.putIfAbsent(written + "/" + sourceId, s.name());
                    if (other != null)
                        throw error("service '" + s.name() + "'", input.equals(s.control()) ? "control" : "inputs",
                                "services '" + other + "' and '" + s.name()
                                + "' would write outputs with the same source id " + sourceId + " (queue '" + input
                                + "') on queue '" + written + "', so a restart could not tell them apart; "
                                + "expected each service writing to a shared queue to read different input queues");
                }
            }
        }
    }

    private static List<String> concat(List<String> inputs, String output) {
        List<String> all = new java.util.ArrayList<>(inputs);
        all.add(output);
        return all;
    }

    private ConfigException error(String entry, String key, String problem) {
        return new ConfigException(config.source(), config.line(entry, key), entry, key, problem);
    }
}
