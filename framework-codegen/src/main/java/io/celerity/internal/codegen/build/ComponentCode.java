package io.celerity.internal.codegen.build;

import io.celerity.internal.codegen.AcceptedEvents;
import io.celerity.internal.codegen.MethodCode;
import io.celerity.internal.component.ComponentType;
import io.celerity.internal.restart.SnapshotReader;
import io.celerity.snapshot.SnapshotMarks;
import net.openhft.chronicle.core.UnsafeMemory;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.ValueIn;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Builds, through the runtime's own {@link MethodCode}, every method reader and writer a service of a component class
 * can ask for, so that Chronicle generates their classes: the build-time generator's half of the runtime. A service's
 * configuration changes which interfaces are inputs (state taken back by {@code rebuildState: REPLAY_OUTPUTS} or a
 * {@code snapshot}), so each such variant the class allows is built.
 */
public final class ComponentCode {

    private static final String SERVICE = "build-time code generation";

    private ComponentCode() {
    }

    /**
     * Builds the readers and writers of every service {@code componentClass} can run as, over {@code scratch}.
     *
     * @return the generated classes used
     * @throws IllegalArgumentException when the class is not a component
     */
    public static Set<Class<?>> build(Class<?> componentClass, ChronicleQueue scratch) {
        ComponentType type = ComponentType.ofComponentOrAgent(componentClass);
        Object component = allocate(componentClass);
        Set<Class<?>> built = new LinkedHashSet<>();
        try (ExcerptAppender appender = scratch.createAppender(); ExcerptTailer tailer = scratch.createTailer()) {
            if (!type.outputInterfaces().isEmpty())
                built.add(MethodCode.writer(scratch, appender, type.outputInterfaces(), SERVICE).getClass());
            // What a producer writes its inputs with (queue.methodWriter(input) names the same class).
            for (Class<?> input : type.inputInterfaces())
                built.add(MethodCode.writer(scratch, appender, List.of(input), SERVICE).getClass());
            List<Method> snapshots = new ArrayList<>(snapshotMethods(type));
            snapshots.add(null);
            List<Boolean> replays = type.implementedOutputs().isEmpty() ? List.of(false) : List.of(false, true);
            for (boolean replayOutputs : replays) {
                for (Method snapshot : snapshots) {
                    List<Class<?>> state = type.stateInterfaces(replayOutputs, snapshot == null ? null : snapshot.getName());
                    List<Class<?>> inputs = new ArrayList<>(type.inputInterfaces());
                    inputs.removeAll(state);
                    if (!inputs.isEmpty())
                        built.add(reader(tailer, inputs, component));
                    // A queue whose events key names one of them narrows its reader to that one (AcceptedEvents).
                    if (inputs.size() > 1)
                        for (Class<?> input : inputs)
                            built.add(reader(tailer, List.of(input), component));
                }
            }
            if (replays.size() > 1)
                built.add(reader(tailer, type.implementedOutputs(), component));
            for (Method snapshot : snapshots) {
                if (snapshot == null)
                    continue;
                Class<?> stateInterface = snapshot.getParameterTypes()[0];
                built.add(MethodCode.reader(tailer, ComponentCode::skip,
                        new AcceptedEvents(List.of(stateInterface, SnapshotMarks.class)),
                        SERVICE, component, new SnapshotReader.Loader()).getClass());
                built.add(MethodCode.writer(scratch, appender, List.of(stateInterface), SERVICE).getClass());
            }
        }
        return built;
    }

    /** Builds the readers and writers the runtime itself uses for snapshots, whatever the component. */
    public static Set<Class<?>> buildFramework(ChronicleQueue scratch) {
        Set<Class<?>> built = new LinkedHashSet<>();
        try (ExcerptAppender appender = scratch.createAppender(); ExcerptTailer tailer = scratch.createTailer()) {
            built.add(MethodCode.writer(scratch, appender, List.of(SnapshotMarks.class), SERVICE).getClass());
            built.add(SnapshotReader.markReader(tailer, new SnapshotReader.Loader(), SERVICE).getClass());
        }
        return built;
    }

    private static Class<?> reader(ExcerptTailer tailer, List<Class<?>> accepted, Object component) {
        return MethodCode.reader(tailer, ComponentCode::skip, new AcceptedEvents(accepted), SERVICE, component)
                .getClass();
    }

    /** Each public method that could write a snapshot: {@code void m(S)}, S a state interface the class implements. */
    private static List<Method> snapshotMethods(ComponentType type) {
        List<Method> found = new ArrayList<>();
        for (Method m : type.implClass().getMethods()) {
            if (m.getReturnType() != void.class || m.getParameterCount() != 1 || !m.getParameterTypes()[0].isInterface())
                continue;
            try {
                if (type.snapshotMethod(m.getName()).equals(m))
                    found.add(m);
            } catch (IllegalArgumentException notOne) {
                // not a snapshot method: e.g. its parameter is an interface the component does not implement
            }
        }
        return found;
    }

    /** An instance without running a constructor: a generated reader's class depends only on the component's class. */
    public static Object allocate(Class<?> componentClass) {
        try {
            return UnsafeMemory.UNSAFE.allocateInstance(componentClass);
        } catch (InstantiationException e) {
            throw new IllegalArgumentException("cannot allocate " + componentClass.getName() + ": " + e, e);
        }
    }

    private static void skip(CharSequence event, ValueIn in) {
        in.skipValue();
    }
}
