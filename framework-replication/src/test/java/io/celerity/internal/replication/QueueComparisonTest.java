package io.celerity.internal.replication;

import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The comparison the replication tests rely on finds what differs: a byte, a length, a missing document. */
class QueueComparisonTest {

    @TempDir
    Path dir;

    @Test
    void theSameDocumentsAtTheSameIndexesAreTheSame() {
        write(10, -1, false);
        QueueComparison.Result result = QueueComparison.compare(dir.resolve("a"), dir.resolve("b"));
        assertTrue(result.same(), result.difference());
        assertEquals(10, result.documents());
    }

    @Test
    void oneByteOfOneDocumentDiffers() {
        long index = write(10, 6, false);
        QueueComparison.Result result = QueueComparison.compare(dir.resolve("a"), dir.resolve("b"));
        assertFalse(result.same());
        assertEquals(6, result.documents());
        assertEquals("index " + Long.toHexString(index) + ": the source holds " + Documents.size(6)
                + " bytes, the replica " + Documents.size(6) + " bytes that differ at byte 8", result.difference());
    }

    @Test
    void theReplicaEndsEarly() {
        long index = write(10, -1, true);
        QueueComparison.Result result = QueueComparison.compare(dir.resolve("a"), dir.resolve("b"));
        assertEquals(9, result.documents());
        assertEquals("after 9 documents the source is at index " + Long.toHexString(index)
                + ", the replica at its end", result.difference());
    }

    /**
     * Writes {@code count} documents to queue a and the same to b, except document {@code differing} (its ninth byte
     * changed) and, if {@code shortReplica}, b's last. Returns the index of the differing or the missing one.
     */
    private long write(int count, int differing, boolean shortReplica) {
        long index = -1;
        try (SingleChronicleQueue a = open("a"); SingleChronicleQueue b = open("b");
             ExcerptAppender toA = a.createAppender(); ExcerptAppender toB = b.createAppender()) {
            for (int n = 0; n < count; n++) {
                long written = Documents.write(toA, n);
                if (n == differing) {
                    try (DocumentContext dc = toB.writingDocument()) {
                        dc.wire().bytes().writeLong(n).writeByte((byte) 1);
                        for (int i = 9; i < Documents.size(n); i++)
                            dc.wire().bytes().writeByte((byte) (n * 31 + i));
                    }
                    index = written;
                } else if (shortReplica && n == count - 1) {
                    index = written;
                } else {
                    Documents.write(toB, n);
                }
            }
        }
        return index;
    }

    private SingleChronicleQueue open(String name) {
        return new Link(dir, RollCycles.FAST_DAILY).open(dir.resolve(name), RollCycles.FAST_DAILY);
    }
}
