package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.StateRebuild;
import io.celerity.config.SyncPolicy;
import io.celerity.fixtures.Note;
import io.celerity.fixtures.NoteIn;
import io.celerity.fixtures.NoteOut;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.TradeBooker;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Outputs are synced to disk when the component asks or the queue's policy says, and not otherwise. Seen through the
 * service's sync counter and through Chronicle's own record of the last index msync'd, kept in the queue's metadata.
 */
class OutputSyncTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void onlyTheOutputsTheComponentAsksForAreSynced() {
        writeNotes("small 1", "big 1", "small 2", "big 2", "small 3");
        assertEquals(2, run(SyncPolicy.NONE, StateRebuild.NONE, 5).syncs());
        assertEquals(outputIndices().get("big 2"), lastIndexSynced(), "Chronicle recorded the last synced document");
    }

    @Test
    void ordinaryOutputsAreNeverSynced() {
        writeNotes("small 1", "small 2", "small 3");
        assertEquals(0, run(SyncPolicy.NONE, StateRebuild.NONE, 3).syncs());
        assertEquals(-1, lastIndexSynced(), "nothing was ever msync'd");
    }

    @Test
    void aQueueWithSyncPolicySyncEachDocument() {
        writeNotes("small 1", "small 2", "big 1");
        assertEquals(3, run(SyncPolicy.SYNC, StateRebuild.NONE, 3).syncs());
        assertEquals(outputIndices().get("big 1"), lastIndexSynced());
    }

    @Test
    void aQueueWithAsyncPolicyAsksForWriteBackWithoutWaiting() {
        writeNotes("small 1", "small 2");
        assertEquals(0, run(SyncPolicy.ASYNC, StateRebuild.NONE, 2).syncs(), "nothing waited for");
        assertEquals(outputIndices().get("small 2"), lastIndexSynced(), "but every document was msync'd (MS_ASYNC)");
    }

    @Test
    void replayingABigTradeToRebuildStateDoesNotSyncAgain() {
        writeNotes("big 1");
        assertEquals(1, run(SyncPolicy.NONE, StateRebuild.NONE, 1).syncs());
        writeNotes("small 1");
        assertEquals(0, run(SyncPolicy.NONE, StateRebuild.REPLAY_INPUTS, 1).syncs(), "big 1 was replayed, not synced");
    }

    /** Books the trades written so far until {@code inputs} new ones are processed; the service's counters. */
    private ServiceStats run(SyncPolicy outputPolicy, StateRebuild rebuild, int inputs) {
        CelerityConfig config = CelerityConfig.builder()
                .queue("trades", dir.resolve("trades"))
                .queue(QueueConfig.of("booked", dir.resolve("booked")).withSync(outputPolicy))
                .service(ServiceConfig.of("booker", TradeBooker.class, List.of("trades"), "booked").withRebuild(rebuild))
                .build();
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await(inputs + " inputs", WAIT, () -> host.stats("booker").inputs() == inputs);
            return host.stats("booker");
        }
    }

    private void writeNotes(String... texts) {
        try (ChronicleQueue q = Queues.open(dir.resolve("trades"))) {
            NoteIn w = q.methodWriter(NoteIn.class);
            for (String t : texts)
                w.note(new Note().text(t));
        }
    }

    /** The index of each output document, by the text it carries. */
    private Map<String, Long> outputIndices() {
        Map<String, Long> indices = new LinkedHashMap<>();
        try (ChronicleQueue q = Queues.open(dir.resolve("booked")); ExcerptTailer t = q.createTailer()) {
            var reader = t.methodReader((NoteOut) n -> indices.put(n.text, t.lastReadIndex()));
            while (reader.readOne()) {
                // each document read adds its index
            }
        }
        return indices;
    }

    private long lastIndexSynced() {
        try (ChronicleQueue q = Queues.open(dir.resolve("booked"))) {
            return q.lastIndexMSynced();
        }
    }
}
