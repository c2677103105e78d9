package io.celerity.cli;

import io.celerity.internal.chronicle.GeneratedCode;
import io.celerity.internal.events.EventText;
import io.celerity.internal.events.YamlEventFile;
import io.celerity.internal.history.HistoryRecordingAppender;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.core.util.InvocationTargetRuntimeException;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.MarshallableOut;
import net.openhft.chronicle.wire.MessageHistory;
import net.openhft.chronicle.wire.VanillaMethodWriterBuilder;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code celerity send QUEUE FILE.yaml}: writes the events of a YAML file (the format of a YAML test's
 * {@code in.yaml}) to a queue through a generated method writer of the queue's event interface, each with a
 * producer's message history. Every event is checked first: a bad file writes nothing. A copy of another host's queue
 * is never written (see {@link QueueLocator#requireWritableOn}).
 */
@Command(name = "send", description = "Writes the events of a YAML file (the format of a YAML test's in.yaml: "
        + "'method: argument' documents separated by '...') to a queue, through a generated writer of its interface.")
final class SendCommand implements java.util.concurrent.Callable<Integer> {

    @Mixin
    QueueLocator locator;

    @Parameters(index = "1", paramLabel = "FILE", description = "the events, one 'method: argument' per YAML document")
    Path file;

    @Option(names = "--interface", paramLabel = "CLASS", description = "the events' interface (repeatable; default "
            + "with a services.yaml: the input interfaces of the services reading the queue)")
    List<String> interfaceNames = new ArrayList<>();

    @Option(names = "--host", paramLabel = "NAME", defaultValue = "${env:CELERITY_HOST}",
            description = "the host of a deployment over several hosts this machine is (default: CELERITY_HOST); "
                    + "required for such a deployment: only the host that writes a queue may send to it, its copies "
                    + "are read-only")
    String hostName;

    @Override
    public Integer call() throws IOException {
        locator.requireWritableOn(hostName); // before anything is read or created
        List<Class<?>> interfaces = chooseInterfaces();
        List<EventText> events = new ArrayList<>();
        int times = 0;
        for (EventText e : YamlEventFile.parse(file.toString(), readFile())) {
            if (e.method().equals("time"))
                times++; // the test harness's clock: a queue has none to set
            else
                events.add(e);
        }
        check(events, interfaces);
        long[] indexes = write(events, interfaces);
        System.out.printf("wrote %d event(s) from %s to %s%n", events.size(), file, locator.pathForWriting());
        for (int i = 0; i < events.size(); i++)
            System.out.printf("0x%x %s%n", indexes[i], events.get(i).method());
        if (times > 0)
            System.out.printf("skipped %d 'time:' event(s): they set a YAML test's clock; a queue has none%n", times);
        return 0;
    }

    /** The interfaces named with --interface, else those of the services reading the queue. */
    private List<Class<?>> chooseInterfaces() {
        if (!interfaceNames.isEmpty())
            return Interfaces.load(interfaceNames);
        List<Class<?>> readers;
        try {
            readers = locator.readerInterfaces();
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("the classes of the services reading '" + locator.queue + "' are not "
                    + "on the classpath (" + e.getMessage() + "); add them with " + UserClasspath.OPTION + " PATH "
                    + "(before the command) or " + UserClasspath.VARIABLE);
        }
        if (readers.isEmpty())
            throw new IllegalArgumentException("no event interface for queue '" + locator.queue + "': "
                    + (locator.usesConfig() ? "no service of " + locator.config + " reads it" : "no services.yaml names it")
                    + "; name it with --interface CLASS");
        return readers;
    }

    private String readFile() throws IOException {
        if (!Files.isRegularFile(file))
            throw new IllegalArgumentException("no file " + file.toAbsolutePath());
        return Files.readString(file);
    }

    /** Writes every event to a scratch buffer first, so a bad one is reported before anything reaches the queue. */
    private void check(List<EventText> events, List<Class<?>> interfaces) {
        if (events.isEmpty())
            throw new IllegalArgumentException(file + ": no events; expected 'method: argument' documents separated "
                    + "by '...'");
        Set<String> methods = new TreeSet<>();
        interfaces.forEach(i -> Arrays.stream(i.getMethods()).map(Method::getName).forEach(methods::add));
        Wire scratch = WireType.BINARY_LIGHT.apply(Bytes.allocateElasticOnHeap());
        Translator translator = new Translator(interfaces, scratch);
        ArgumentCheck argument = new ArgumentCheck(scratch, interfaces);
        for (EventText e : events) {
            if (!methods.contains(e.method()))
                throw new IllegalArgumentException(where(e) + ": unknown event '" + e.method() + "'; expected one of "
                        + methods + " (" + names(interfaces) + ")");
            scratch.clear();
            translator.send(e, this);
            String problem = argument.problem(e);
            if (problem != null)
                throw new IllegalArgumentException(where(e) + ", " + e.method() + ": " + problem);
        }
    }

    private long[] write(List<EventText> events, List<Class<?>> interfaces) {
        long[] indexes = new long[events.size()];
        try (ChronicleQueue queue = locator.asServicesSeeIt(SingleChronicleQueueBuilder.binary(locator.pathForWriting())
                .rollCycle(RollCycles.valueOf(locator.rollCycle())).build(), interfaces);
             ExcerptAppender appender = queue.createAppender()) {
            Translator translator = new Translator(interfaces, new HistoryRecordingAppender(appender));
            MessageHistory previous = MessageHistory.get();
            MessageHistory.set(new ProducerHistory());
            try {
                for (int i = 0; i < events.size(); i++) {
                    translator.send(events.get(i), this);
                    indexes[i] = appender.lastIndexAppended();
                }
            } finally {
                MessageHistory.set(previous);
            }
        }
        return indexes;
    }

    String where(EventText e) {
        return file + ": event " + e.number() + " (line " + e.line() + ")";
    }

    private static String names(List<Class<?>> interfaces) {
        return interfaces.stream().map(Class::getName).reduce((a, b) -> a + ", " + b).orElse("");
    }

    /** YAML text in, the events out through a generated method writer of the interfaces (never Chronicle's proxy). */
    static final class Translator {
        private final Wire yaml = WireType.YAML_ONLY.apply(Bytes.allocateElasticOnHeap());
        private final MethodReader reader;
        private final Class<?> writerClass;

        Translator(List<Class<?>> interfaces, MarshallableOut out) {
            VanillaMethodWriterBuilder<?> builder = (VanillaMethodWriterBuilder<?>) out.methodWriterBuilder(
                    interfaces.get(0));
            builder.marshallableOut(out);
            interfaces.subList(1, interfaces.size()).forEach(builder::addInterface);
            Object writer = builder.build();
            GeneratedCode.requireGeneratedWriter(writer, "send");
            writerClass = writer.getClass();
            reader = GeneratedCode.requireGeneratedReader(yaml.methodReader(writer), "send");
        }

        /** The generated classes it uses (for {@link CliCode}). */
        List<Class<?>> generated() {
            return List.of(writerClass, reader.getClass());
        }

        void send(EventText e, SendCommand command) {
            yaml.clear();
            yaml.bytes().append(e.yaml());
            try {
                reader.readOne();
            } catch (InvocationTargetRuntimeException | IllegalArgumentException | IllegalStateException
                     | ClassCastException | UnsupportedOperationException
                     | net.openhft.chronicle.core.io.IORuntimeException ex) {
                Throwable cause = ex instanceof InvocationTargetRuntimeException && ex.getCause() != null
                        ? ex.getCause() : ex;
                throw new IllegalArgumentException(command.where(e) + ": '" + e.method() + "' could not be written ("
                        + cause + ")", ex);
            }
        }
    }
}
