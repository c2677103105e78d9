package io.celerity.internal.agent;

import io.celerity.config.AgentConfig;
import io.celerity.config.CelerityConfig;
import io.celerity.internal.component.ComponentType;
import io.celerity.internal.component.SettingsBinder;
import io.celerity.internal.dispatch.HandlerErrors;
import io.celerity.internal.dispatch.OutputAcks;
import io.celerity.extension.ReplicaAcks;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;

import java.util.function.Function;

/** Builds the runner of a configured user agent on the host thread; its loop builds the agent itself. */
public final class UserAgents {

    private UserAgents() {
    }

    /** @param clock the wall clock the agent sees; {@code errors} hears what its {@code doWork} throws */
    public static UserAgent create(AgentConfig a, CelerityConfig config, ChronicleQueue output, UniqueTimestamps timestamps,
                                   TimeProvider clock, HandlerErrors errors, Function<String, ReplicaAcks> replicaAcks) {
        ComponentType type;
        try {
            type = ComponentType.ofAgent(Class.forName(a.implClass(), true,
                    Thread.currentThread().getContextClassLoader()));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e); // validated already
        }
        Object settings = type.settingsType() == null ? null : SettingsBinder.bind(type.settingsType(), a.settings());
        return new UserAgent(a, type, settings, output, config.queues().get(a.output()).sync(), clock,
                timestamps, errors,
                OutputAcks.of(config.queues().get(a.output()), replicaAcks.apply(a.output())));
    }
}
