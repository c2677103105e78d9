package io.celerity.host;

import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickOut;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.VanillaMessageHistory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/** Test helpers that write to and read back from real queues, the way a producer or an auditor would. */
final class Queues {

    private Queues() {
    }

    static ChronicleQueue open(Path path) {
        return SingleChronicleQueueBuilder.binary(path).rollCycle(RollCycles.FAST_DAILY).build();
    }

    /** Every document in a queue, as its history plus the events it holds (read with a method reader into handler). */
    static List<VanillaMessageHistory> histories(Path path) {
        List<VanillaMessageHistory> out = new ArrayList<>();
        try (ChronicleQueue q = open(path); ExcerptTailer t = q.createTailer()) {
            while (true) {
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent())
                        return out;
                    VanillaMessageHistory h = new VanillaMessageHistory();
                    h.addSourceDetails(false);
                    if (io.celerity.internal.history.RecordedHistory.read(dc.wire(), h))
                        out.add(h);
                }
            }
        }
    }

    /** Reads every message of a queue into {@code handler}; returns the number of documents. */
    static int readAll(Path path, Object handler) {
        int n = 0;
        try (ChronicleQueue q = open(path); ExcerptTailer t = q.createTailer()) {
            var reader = t.methodReader(handler);
            while (reader.readOne())
                n++;
        }
        return n;
    }

    /** The values of the ticks in a queue, per stream, in queue order. */
    static Map<Long, List<Long>> tickValuesPerStream(Path path) {
        Map<Long, List<Long>> values = new TreeMap<>();
        readAll(path, (TickOut) t -> values.computeIfAbsent(t.stream, s -> new ArrayList<>()).add(t.value));
        return values;
    }

    static long count(Path path) {
        try (ChronicleQueue q = open(path); ExcerptTailer t = q.createTailer()) {
            long n = 0;
            while (true) {
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent())
                        return n;
                    n++;
                }
            }
        }
    }

    /** Writes {@code dir/services.yaml}: one service, {@code echo}, echoing queue {@code in} to queue {@code out}. */
    static Path echoServicesYaml(Path dir) throws IOException {
        Path yaml = dir.resolve("services.yaml");
        Files.writeString(yaml, "queues:\n  in: { path: in }\n  out: { path: out }\nservices:\n  echo:\n"
                + "    implClass: " + TickEcho.class.getName() + "\n    inputs: [ in ]\n"
                + "    output: out\n");
        return yaml;
    }

    /** The cycle files in a queue's directory. */
    static long cycleFiles(Path queue) {
        try (Stream<Path> files = Files.list(queue)) {
            return files.filter(f -> f.toString().endsWith(SingleChronicleQueue.SUFFIX)).count();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static void await(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline)
                throw new AssertionError("timed out after " + timeout + " waiting for " + what);
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }
}
