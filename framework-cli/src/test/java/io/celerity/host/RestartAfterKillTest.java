package io.celerity.host;

import io.celerity.config.QueueConfig;
import io.celerity.fixtures.ChildJvm;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickCounter;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickInterleaving;
import io.celerity.fixtures.TickOut;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A stateful service in a child JVM is killed with SIGKILL at random moments while its inputs keep arriving, and
 * restarted; in the end its output holds exactly one output per input (nothing lost, nothing twice), and each carries
 * the count it would have had without the kills (state rebuilt by replaying inputs).
 */
class RestartAfterKillTest {

    private static final int RATE_PER_STREAM = 2_000; // per second, until the kills are done
    private static final long STREAM_SPAN = 1L << 32; // (stream, seq) -> one distinct number
    private static final int KILLS = 3;

    @TempDir
    Path dir;

    @Test
    void singleInputServiceLosesRepeatsAndForgetsNothingAcrossKills() throws Exception {
        runWithKills(List.of("a"));
    }

    @Test
    void twoInputServiceLosesRepeatsAndForgetsNothingAcrossKills() throws Exception {
        runWithKills(List.of("a", "b"));
    }

    /**
     * A component whose state depends on how its two inputs interleaved, answering only now and then: after each kill
     * its rebuilt state must be the one the recorded order of every input gives, quiet inputs included.
     */
    @Test
    void aRebuildAfterEachKillReplaysTwoInputsInTheOrderTheyWereProcessed() throws Exception {
        List<String> inputs = List.of("a", "b");
        Run run = runWithKills(inputs, TickInterleaving.class);
        Map<Integer, Map<Long, Tick>> ticksBySource = new HashMap<>();
        for (int s = 0; s < inputs.size(); s++)
            ticksBySource.put(QueueConfig.defaultSourceId(inputs.get(s)), ticksByIndex(dir.resolve(inputs.get(s))));
        // Every input left one document (output or acknowledgement), in the order processed: the expected hashes.
        Map<Long, Long> expectedHash = new HashMap<>();
        long hash = 17;
        List<VanillaMessageHistory> processed = Queues.histories(dir.resolve("out"));
        assertEquals(run.expected(), processed.size(), "one document per input, none lost or twice" + run.context());
        for (VanillaMessageHistory h : processed) {
            Tick t = ticksBySource.get(h.lastSourceId()).get(h.lastSourceIndex());
            hash = TickInterleaving.next(hash, t);
            expectedHash.put(t.stream * STREAM_SPAN + t.seq, hash);
        }
        List<String> wrong = new ArrayList<>();
        int[] answers = {0};
        Queues.readAll(dir.resolve("out"), (TickOut) t -> {
            answers[0]++;
            if (!Long.valueOf(t.value).equals(expectedHash.get(t.stream * STREAM_SPAN + t.seq)) && wrong.size() < 5)
                wrong.add("stream " + t.stream + " seq " + t.seq);
        });
        assertTrue(answers[0] > 0);
        assertEquals(List.of(), wrong, "answers whose hash is not the one of the recorded order" + run.context());
    }

    private static Map<Long, Tick> ticksByIndex(Path queue) {
        Map<Long, Tick> ticks = new HashMap<>();
        try (ChronicleQueue q = Queues.open(queue); ExcerptTailer tailer = q.createTailer()) {
            long[] index = {0};
            MethodReader reader = tailer.methodReader((TickIn) t -> ticks.put(index[0], new Tick().set(t.stream, t.seq, t.value)));
            while (true) {
                index[0] = tailer.index();
                if (!reader.readOne())
                    return ticks;
            }
        }
    }

    private void runWithKills(List<String> inputs) throws Exception {
        Run run = runWithKills(inputs, TickCounter.class);
        long expected = run.expected();
        String context = run.context();
        Path out = dir.resolve("out");
        List<Long> received = new ArrayList<>();
        List<String> wrongCounts = new ArrayList<>();
        Queues.readAll(out, (TickOut) t -> {
            received.add(t.stream * STREAM_SPAN + t.seq);
            if (t.value != t.seq + 1 && wrongCounts.size() < 5)
                wrongCounts.add("stream " + t.stream + " seq " + t.seq + " counted " + t.value);
        });
        Set<Long> distinct = new HashSet<>(received);
        assertEquals(expected, distinct.size(), "lost outputs" + context);
        assertEquals(expected, received.size(), "duplicated outputs" + context);
        assertEquals(List.of(), wrongCounts, "state rebuilt exactly after every kill" + context);
        for (int s = 0; s < inputs.size(); s++) {
            long stream = s;
            assertEquals(received.stream().filter(v -> v / STREAM_SPAN == stream).count() - 1,
                    received.stream().filter(v -> v / STREAM_SPAN == stream).mapToLong(v -> v % STREAM_SPAN).max().orElse(-1),
                    "stream " + s + " is gap-free" + context);
        }
    }

    /** What a run with kills produced: the number of inputs, and how to name the run in a failure. */
    private record Run(long expected, String context) {
    }

    private Run runWithKills(List<String> inputs, Class<?> component) throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Path yaml = dir.resolve("services.yaml");
        Files.writeString(yaml, "queues:\n" + inputs.stream().map(q -> "  " + q + ": { path: " + q + " }\n")
                .reduce("", String::concat) + "  out: { path: out }\n"
                + "services:\n  counter:\n    implClass: " + component.getName() + "\n    inputs: " + inputs
                + "\n    output: out\n    rebuildState: REPLAY_INPUTS\n");
        Path out = dir.resolve("out");
        List<TickProducer> producers = new ArrayList<>();
        for (int s = 0; s < inputs.size(); s++)
            producers.add(new TickProducer(dir.resolve(inputs.get(s)), s, RATE_PER_STREAM));

        Path log = dir.resolve("child.log");
        List<Long> outputsAtKill = new ArrayList<>();
        try {
            for (int k = 0; k < KILLS; k++) {
                ChildJvm child = ChildJvm.celerityRun(yaml, log);
                long before = Queues.count(out);
                Queues.await("child " + k + " to produce output (seed " + seed + ")", Duration.ofSeconds(60),
                        () -> Queues.count(out) > before || !child.isAlive());
                assertTrue(child.isAlive(), () -> "child died by itself; log:\n" + child.logText());
                Thread.sleep(100 + random.nextInt(900));
                child.kill();
                outputsAtKill.add(Queues.count(out));
            }
            ChildJvm last = ChildJvm.celerityRun(yaml, log);
            for (TickProducer p : producers)
                p.close();
            long expected = produced(producers);
            Queues.await("all " + expected + " outputs (seed " + seed + ")", Duration.ofSeconds(90),
                    () -> Queues.count(out) >= expected || !last.isAlive());
            // a sentinel on each input, the next in its sequence: a document written twice comes before its document
            Map<Integer, Long> sentinels = new HashMap<>(); // source id -> index
            for (int s = 0; s < inputs.size(); s++) {
                long seq = producers.get(s).produced();
                try (ChronicleQueue q = Queues.open(dir.resolve(inputs.get(s)))) {
                    q.methodWriter(TickIn.class).tick(new Tick().set(s, seq, seq));
                    sentinels.put(QueueConfig.defaultSourceId(inputs.get(s)), q.lastIndex());
                }
            }
            Queues.await("the sentinels' documents (seed " + seed + ")", Duration.ofSeconds(90),
                    () -> Queues.histories(out).stream().filter(h -> Long.valueOf(h.lastSourceIndex())
                            .equals(sentinels.get(h.lastSourceId()))).count() == sentinels.size() || !last.isAlive());
            last.terminate();
            assertFalse(last.logText().contains("proxy"), () -> "generated code only; log:\n" + last.logText());
        } finally {
            for (TickProducer p : producers)
                p.close();
        }

        long expected = produced(producers) + inputs.size(); // and the sentinels
        return new Run(expected, " (seed " + seed + ", outputs at each kill " + outputsAtKill + ", inputs " + expected + ")");
    }

    private static long produced(List<TickProducer> producers) {
        return producers.stream().mapToLong(TickProducer::produced).sum();
    }
}
