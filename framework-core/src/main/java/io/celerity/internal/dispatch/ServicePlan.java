package io.celerity.internal.dispatch;

import io.celerity.internal.encryption.PersonalEvents;
import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.StateRebuild;
import io.celerity.config.SyncPolicy;
import io.celerity.extension.OutputGate;
import io.celerity.extension.ReplicaAcks;
import io.celerity.internal.codegen.AcceptedEvents;
import io.celerity.internal.component.ComponentType;
import io.celerity.internal.component.SettingsBinder;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;

import java.util.List;
import java.util.function.Function;

/**
 * What the host decided for one service before its loop opens it: the component, its queues and its surroundings.
 *
 * @param inputs        the queues of {@link ServiceConfig#readQueues()}: the inputs, then the control queue if any
 * @param sourceIds     their configured source ids, in the same order
 * @param inputEvents   per read queue, the interfaces whose events it carries (empty: any)
 * @param snapshots     where it writes snapshots, or {@code null}
 * @param errors        where it reports failed inputs, or {@code null}
 * @param outputSync    how its output queue is synced
 * @param clock         the wall clock its component sees
 * @param timestamps    the host's unique timestamps
 * @param errorListener told of each exception its component throws
 * @param outputAcks    how many replicas must hold each output before the service goes on
 * @param gate          whether this host may write the output now (e.g. a highly available service's lease), or
 *                      {@code null}: it always writes
 */
public record ServicePlan(ServiceConfig config, ComponentType type, Object settings, ChronicleQueue[] inputs,
                          int[] sourceIds, List<List<Class<?>>> inputEvents, ChronicleQueue output,
                          ChronicleQueue snapshots, ChronicleQueue errors, SyncPolicy outputSync, TimeProvider clock,
                          UniqueTimestamps timestamps, HandlerErrors errorListener, OutputAcks outputAcks,
                          OutputGate gate) {

    /** The plan of service {@code s} of {@code config}: its component type and settings, and its open queues. */
    public static ServicePlan of(CelerityConfig config, ServiceConfig s, Function<String, ChronicleQueue> queues,
                                 TimeProvider clock, UniqueTimestamps timestamps, HandlerErrors errorListener,
                                 Function<String, ReplicaAcks> replicaAcks) {
        return of(config, s, queues, clock, timestamps, errorListener, replicaAcks, null);
    }

    /** As above, with a gate on its output (a service that starts following its output until the gate opens). */
    public static ServicePlan of(CelerityConfig config, ServiceConfig s, Function<String, ChronicleQueue> queues,
                                 TimeProvider clock, UniqueTimestamps timestamps, HandlerErrors errorListener,
                                 Function<String, ReplicaAcks> replicaAcks, OutputGate gate) {
        ComponentType type;
        try {
            type = ComponentType.of(Class.forName(s.implClass(), true, Thread.currentThread().getContextClassLoader()));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e); // validated already
        }
        List<Class<?>> snapshotState = s.snapshot() == null ? List.of() : type.stateInterfaces(false,
                s.snapshot().method());
        type = type.withoutInputs(type.stateInterfaces(s.rebuild() == StateRebuild.REPLAY_OUTPUTS,
                s.snapshot() == null ? null : s.snapshot().method()));
        Object settings = type.settingsType() == null ? null : SettingsBinder.bind(type.settingsType(), s.settings());
        requirePersonalDataEncrypted(config, s, type, snapshotState);
        ChronicleQueue[] inputs = s.readQueues().stream().map(queues).toArray(ChronicleQueue[]::new);
        int[] sourceIds = s.readQueues().stream().mapToInt(q -> config.queues().get(q).sourceId()).toArray();
        List<List<Class<?>>> carried = s.readQueues().stream()
                .map(q -> AcceptedEvents.carriedBy(config.queues().get(q).events())).toList();
        return new ServicePlan(s, type, settings, inputs, sourceIds, carried, queues.apply(s.output()),
                s.snapshot() == null ? null : queues.apply(s.snapshot().queue()),
                s.errors() == null ? null : queues.apply(s.errors()), config.queues().get(s.output()).sync(),
                clock, timestamps, errorListener, OutputAcks.of(config.queues().get(s.output()), replicaAcks.apply(s.output())),
                gate);
    }

    public String name() {
        return config.name();
    }

    // Personal data only where forgetting reaches it: its inputs, output and snapshots, and the errors queue, whose
    // reports copy the inputs.
    private static void requirePersonalDataEncrypted(CelerityConfig config, ServiceConfig s, ComponentType type,
                                                     List<Class<?>> snapshotState) {
        for (String queue : s.readQueues())
            PersonalEvents.requireEncrypted(s.name(), config.queues().get(queue), config.keys(), type.inputInterfaces());
        PersonalEvents.requireEncrypted(s.name(), config.queues().get(s.output()), config.keys(),
                type.outputInterfaces());
        if (s.snapshot() != null)
            PersonalEvents.requireEncrypted(s.name(), config.queues().get(s.snapshot().queue()), config.keys(),
                    snapshotState);
        if (s.errors() != null)
            PersonalEvents.requireEncrypted(s.name(), config.queues().get(s.errors()), config.keys(),
                    type.inputInterfaces());
    }
}
