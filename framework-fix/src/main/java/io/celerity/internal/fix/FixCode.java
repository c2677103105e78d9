package io.celerity.internal.fix;

import io.celerity.api.FailedInputs;
import io.celerity.fix.FixInbound;
import io.celerity.fix.FixSessions;
import io.celerity.internal.codegen.AcceptedEvents;
import io.celerity.internal.codegen.MethodCode;
import io.celerity.internal.codegen.build.CodeBuilder;
import io.celerity.internal.codegen.build.ComponentCode;
import io.celerity.internal.history.HistoryRecordingAppender;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A FIX gateway's readers and writers, built at build time through the gateway's own code: the outbound mapping's
 * reader of the outbound queue, and the inbound mapping's writer of the inbound queue with the errors queue's writer.
 * A gateway then starts with no javac, as services do.
 */
public final class FixCode implements CodeBuilder {

    private static final String GATEWAY = "build-time code generation";

    @Override
    public Set<Class<?>> build(Class<?> component, ChronicleQueue scratch) {
        return Set.of(); // a mapping is no component: see buildForOther
    }

    @Override
    public Set<Class<?>> buildForOther(Class<?> type, ChronicleQueue scratch) {
        Set<Class<?>> built = new LinkedHashSet<>();
        if (FixInbound.class.isAssignableFrom(type)) {
            try (ExcerptAppender appender = scratch.createAppender()) {
                built.add(MethodCode.writer(scratch, new HistoryRecordingAppender(appender),
                        List.of(Mappings.inboundEvents(type)), GATEWAY).getClass());
                built.add(MethodCode.writer(scratch, appender, List.of(FailedInputs.class), GATEWAY).getClass());
            }
        } else if (isOutboundMapping(type)) {
            try (ExcerptTailer tailer = scratch.createTailer()) {
                built.add(MethodCode.reader(tailer, (s, in) -> in.skipValue(),
                        new AcceptedEvents(Mappings.outboundEvents(type)), GATEWAY,
                        ComponentCode.allocate(type)).getClass());
            }
        }
        return built;
    }

    private static boolean isOutboundMapping(Class<?> type) {
        for (var c : type.getConstructors())
            if (c.getParameterCount() == 1 && c.getParameterTypes()[0] == FixSessions.class)
                return true;
        return false;
    }
}
