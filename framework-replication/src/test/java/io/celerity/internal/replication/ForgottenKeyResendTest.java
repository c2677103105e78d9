package io.celerity.internal.replication;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A resend of a document one side has overwritten with zeros (a forgotten data subject's key, each host overwriting
 * its own copy) is the same document, not a divergence; zeros received are written over the copy too.
 */
class ForgottenKeyResendTest {

    @TempDir
    Path dir;

    @Test
    void aDocumentZeroedOnEitherSideIsHeldAndZerosReceivedAreWrittenOverTheCopy() {
        try (SingleChronicleQueue replica = SingleChronicleQueueBuilder.binary(dir.resolve("replica")).build();
             ExcerptAppender appender = replica.createAppender()) {
            for (int n = 1; n <= 2; n++)
                try (DocumentContext dc = appender.writingDocument()) {
                    dc.wire().bytes().writeLong(n).writeLong(n * 100L);
                }
            long first = replica.firstIndex();
            try (ReplicaWriter writer = new ReplicaWriter("subject-keys", replica)) {
                Bytes<ByteBuffer> zeros = Bytes.elasticByteBuffer(16);
                zeros.writeLong(0).writeLong(0);
                assertEquals(ReplicaWriter.HELD, writer.write(first, zeros.addressForRead(0), 16));
                assertArrayEquals(new byte[16], held(replica, first), "the copy overwritten too");
                assertEquals(ReplicaWriter.HELD, writer.write(first, zeros.addressForRead(0), 16), "zeros on both");

                Bytes<ByteBuffer> other = Bytes.elasticByteBuffer(16);
                other.writeLong(7).writeLong(8);
                assertThrows(ReplicaDivergenceException.class,
                        () -> writer.write(first + 1, other.addressForRead(0), 16), "a real divergence still is one");
                zeros.releaseLast();
                other.releaseLast();
            }
        }
    }

    private static byte[] held(SingleChronicleQueue queue, long index) {
        try (ExcerptTailer t = queue.createTailer()) {
            t.moveToIndex(index);
            try (DocumentContext dc = t.readingDocument()) {
                byte[] bytes = new byte[(int) dc.wire().bytes().readRemaining()];
                dc.wire().bytes().read(bytes);
                return bytes;
            }
        }
    }
}
