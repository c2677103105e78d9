package io.celerity.cli;

import io.celerity.internal.codegen.build.CodeBuilder;
import io.celerity.internal.component.ComponentType;
import io.celerity.internal.history.HistoryRecordingAppender;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command line's readers and writers of a component's queues, built at build time through the commands' own code:
 * {@code dump} and {@code tail} decoding its outputs or its inputs (all, or one interface), {@code send} writing its
 * inputs. A queue whose interfaces mix several components' (e.g. a writer's outputs and a reader's other inputs) is
 * still compiled when the command runs.
 */
public final class CliCode implements CodeBuilder {

    @Override
    public Set<Class<?>> build(Class<?> component, ChronicleQueue scratch) {
        ComponentType type = ComponentType.ofComponentOrAgent(component);
        List<List<Class<?>>> interfaceSets = new ArrayList<>();
        if (!type.outputInterfaces().isEmpty())
            interfaceSets.add(type.outputInterfaces());
        if (!type.inputInterfaces().isEmpty()) // an agent has none
            interfaceSets.add(type.inputInterfaces());
        if (type.inputInterfaces().size() > 1)
            type.inputInterfaces().forEach(input -> interfaceSets.add(List.of(input)));

        Set<Class<?>> built = new LinkedHashSet<>();
        Wire wire = WireType.BINARY_LIGHT.apply(Bytes.allocateElasticOnHeap());
        try (ExcerptTailer tailer = scratch.createTailer(); ExcerptAppender appender = scratch.createAppender()) {
            for (List<Class<?>> interfaces : interfaceSets)
                built.addAll(new DocumentPrinter(tailer, interfaces, Map.of()).generated());
            for (List<Class<?>> inputs : interfaceSets.subList(type.outputInterfaces().isEmpty() ? 0 : 1,
                    interfaceSets.size())) {
                built.addAll(new SendCommand.Translator(inputs, wire).generated());
                built.addAll(new SendCommand.Translator(inputs, new HistoryRecordingAppender(appender)).generated());
                built.add(new ArgumentCheck(wire, inputs).generated());
            }
        }
        return built;
    }
}
