package io.celerity.internal.replication;

import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A replica that holds another document at an index its source sends is refused, and left as it was. */
class ReplicaDivergenceTest {

    @TempDir
    Path dir;

    @Test
    void aReplicaHoldingADifferentDocumentAtAnIndexIsRefusedAndItsFileIsUnchanged() throws Exception {
        try (Link link = new Link(dir, RollCycles.FAST_DAILY)) {
            long lastHeld;
            try (SingleChronicleQueue source = link.openSource();
                 ExcerptAppender toSource = source.createAppender();
                 SingleChronicleQueue replica = link.openSink();
                 ExcerptAppender toReplica = replica.createAppender()) {
                for (int n = 0; n < 20; n++)
                    Documents.write(toSource, n);
                // The replica's first ten agree; its tenth (index 9), where it resumes, is another document.
                for (int n = 0; n < 9; n++)
                    Documents.write(toReplica, n);
                try (DocumentContext dc = toReplica.writingDocument()) {
                    dc.wire().bytes().writeLong(-9).writeLong(42);
                }
                lastHeld = toReplica.lastIndexAppended();
            }
            Map<String, String> filesBefore = digests(link.sinkQueue());

            link.startSource();
            link.startSink();
            Link.await("the sink to refuse the replica", Duration.ofSeconds(60),
                    () -> link.sink.agent.divergence() != null);
            ReplicaDivergenceException divergence = link.sink.agent.divergence();
            String message = divergence.getMessage();
            assertEquals(lastHeld, divergence.index());
            assertTrue(message.contains("queue 'orders'") && message.contains(link.sinkQueue().toString())
                    && message.contains("index " + Long.toHexString(lastHeld))
                    && message.contains("replica holds 16 bytes (crc32c ")
                    && message.contains("the source sends " + Documents.size(9) + " bytes (crc32c "), message);
            // It stays stopped: nothing after the differing index is appended, in passes after the refusal.
            link.source.awaitPasses(100);
            link.sink.awaitPasses(100);
            assertEquals(lastHeld, link.sink.agent.lastIndex());
            link.stopSink();
            assertEquals(filesBefore, digests(link.sinkQueue()), "the replica's cycle files");
        }
    }

    /** Five documents ahead, or one: then the source's tailer finds the place after its last, with no document. */
    @ParameterizedTest
    @ValueSource(ints = {5, 9})
    void aSourceRefusesASinkThatIsAheadOfItAndTellsIt(int sourceDocuments) {
        try (Link link = new Link(dir, RollCycles.FAST_DAILY)) {
            try (SingleChronicleQueue source = link.openSource();
                 ExcerptAppender toSource = source.createAppender();
                 SingleChronicleQueue replica = link.openSink();
                 ExcerptAppender toReplica = replica.createAppender()) {
                for (int n = 0; n < 10; n++) {
                    Documents.write(toReplica, n);
                    if (n < sourceDocuments)
                        Documents.write(toSource, n);
                }
            }
            link.startSource();
            link.startSink();
            Link.await("the source to refuse the sink", Duration.ofSeconds(60),
                    () -> link.source.agent.failure(Link.SINK) != null);
            String failure = link.source.agent.failure(Link.SINK);
            assertTrue(failure.startsWith("queue 'orders', sink 7: the replica's last index ")
                    && failure.contains("(cycle ") && failure.contains("sequence 9)")
                    && failure.endsWith("is not in the source: the replica is ahead of or diverged from its source"),
                    failure);
            // The sink is told so, rather than wait in silence (the source's end may be just before its last index).
            Link.await("the sink to stop", Duration.ofSeconds(60), () -> link.sink.agent.divergence() != null);
            assertTrue(link.sink.agent.divergence().getMessage().contains("has no document at the replica's last "
                    + "index " + Long.toHexString(link.sink.agent.lastIndex())), link.sink.agent.divergence().getMessage());
            assertEquals(0, link.sink.agent.documentsHeld(), "nothing was sent to it");
            assertEquals(9, RollCycles.FAST_DAILY.toSequenceNumber(link.sink.agent.lastIndex()), "the replica as it was");
        }
    }

    @Test
    void aSourceRefusesASinkWithAnotherRollCycle() {
        try (Link link = new Link(dir, RollCycles.FAST_DAILY)) {
            link.startSource();
            link.sink = Side.sink(dir.resolve("b/aeron"), link.open(link.sinkQueue(), RollCycles.FAST_HOURLY),
                    Link.SINK, link.data(), link.control());
            Link.await("the source to refuse the sink", Duration.ofSeconds(60),
                    () -> link.source.agent.failure(Link.SINK) != null);
            String failure = link.source.agent.failure(Link.SINK);
            assertTrue(failure.contains("queue 'orders', sink 7: the replica's roll cycle lasts 3600000 ms")
                    && failure.contains("a replica must use its source's roll cycle"), failure);
        }
    }

    /** The replica's cycle files by name, each with a digest of its bytes. */
    private static Map<String, String> digests(Path queue) throws IOException {
        Map<String, String> digests = new TreeMap<>();
        try (Stream<Path> files = Files.list(queue)) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".cq4"))::iterator)
                digests.put(file.getFileName().toString(), sha256(Files.readAllBytes(file)));
        }
        assertTrue(!digests.isEmpty(), "cycle files in " + queue);
        return digests;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
