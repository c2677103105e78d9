package io.celerity.testing;

import io.celerity.internal.codegen.build.CodeBuilder;
import io.celerity.internal.codegen.build.ComponentCode;
import io.celerity.internal.component.ComponentType;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.Wire;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The YAML test harness's readers and writers of a component, built at build time through the harness's own code
 * (see {@link io.celerity.internal.codegen.build.GenerateCode}): the DIRECT mode's reader, the expected output's writer, and the
 * queued modes' readers and writers of each input interface and of the output.
 */
public final class HarnessCode implements CodeBuilder {

    @Override
    public Set<Class<?>> build(Class<?> componentClass, ChronicleQueue scratch) {
        if (org.agrona.concurrent.Agent.class.isAssignableFrom(componentClass))
            return Set.of(); // a user agent reads no events: the harness has nothing of it to drive
        ComponentType type = ComponentType.of(componentClass);
        Set<Class<?>> built = new LinkedHashSet<>();
        Wire yaml = YamlInput.wire();
        built.add(DirectRun.reader(yaml, (event, in) -> in.skipValue(), ComponentCode.allocate(componentClass)).getClass());
        for (Class<?> input : type.inputInterfaces()) {
            built.add(scratch.methodWriter(input).getClass());
            built.add(QueueRun.toQueue(yaml, scratch, input).getClass());
        }
        ActualOutput out = new ActualOutput(type.outputInterfaces());
        if (out.writer() != null) {
            built.add(out.writer().getClass());
            try (ExcerptTailer tailer = scratch.createTailer()) {
                built.add(QueueRun.fromOutput(tailer, out.writer()).getClass());
            }
        }
        return built;
    }
}
