package io.celerity.internal.codegen;

import io.celerity.internal.encryption.CipherQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import io.celerity.internal.chronicle.GeneratedCode;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
import net.openhft.chronicle.wire.MarshallableIn;
import net.openhft.chronicle.wire.MarshallableOut;
import net.openhft.chronicle.wire.VanillaMethodReaderBuilder;
import net.openhft.chronicle.wire.VanillaMethodWriterBuilder;
import net.openhft.chronicle.wire.WireParselet;

import java.util.List;

/**
 * Builds the runtime's method readers and writers. One place, because Chronicle names a generated class after the
 * interfaces and the builder's options: the build-time generator (framework-codegen's {@code ComponentCode}) builds
 * through here too, so the classes it writes are exactly the ones the runtime looks up.
 */
public final class MethodCode {

    private MethodCode() {
    }

    /** A generated writer of every interface in {@code interfaces} (the first names the class) onto {@code out}. */
    public static Object writer(ChronicleQueue queue, MarshallableOut out, List<Class<?>> interfaces, String service) {
        if (queue instanceof CipherQueue encrypted)
            encrypted.carries(interfaces); // their personal fields are encrypted with their subjects' keys
        VanillaMethodWriterBuilder<?> builder = queue.methodWriterBuilder(interfaces.get(0));
        builder.marshallableOut(out);
        interfaces.subList(1, interfaces.size()).forEach(builder::addInterface);
        Object writer = builder.build();
        GeneratedCode.requireGeneratedWriter(writer, service);
        return writer;
    }

    /**
     * A generated reader calling {@code impls} for the events {@code accepted} lets through (any other event of theirs
     * is refused) and {@code unknown} for events none of them has.
     */
    public static AbstractGeneratedMethodReader reader(MarshallableIn in, WireParselet unknown, AcceptedEvents accepted,
                                                String service, Object... impls) {
        if (in instanceof ExcerptTailer tailer && tailer.queue() instanceof CipherQueue encrypted)
            for (Object impl : impls)
                encrypted.carriesEventsOf(impl); // their personal fields are decrypted, or replaced once forgotten
        VanillaMethodReaderBuilder builder = in.methodReaderBuilder();
        builder.defaultParselet(unknown);
        Object reader = builder.methodReaderInterceptorReturns(accepted).build(impls);
        return GeneratedCode.requireGeneratedReader(reader, service);
    }
}
