package io.celerity.internal.replication;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

import java.nio.file.Path;
import java.util.Arrays;

/** Compares two queues document by document: same indexes, same bytes. For tests and for checking a replica. */
public final class QueueComparison {

    /**
     * What a comparison found.
     *
     * @param documents  how many documents both hold alike, in order
     * @param difference the first difference (index, lengths), or null when the queues are the same
     */
    public record Result(long documents, String difference) {

        /** True when both queues hold the same documents at the same indexes. */
        public boolean same() {
            return difference == null;
        }
    }

    private QueueComparison() {
    }

    /** Opens both queues read-only (as they are on disk, in their own roll cycles) and compares them. */
    public static Result compare(Path source, Path replica) {
        try (ChronicleQueue a = SingleChronicleQueueBuilder.binary(source).readOnly(true).build();
             ChronicleQueue b = SingleChronicleQueueBuilder.binary(replica).readOnly(true).build()) {
            return compare(a, b);
        }
    }

    /** Reads both queues from the start; stops at the first document that differs or is missing from one of them. */
    public static Result compare(ChronicleQueue source, ChronicleQueue replica) {
        try (ExcerptTailer a = source.createTailer(); ExcerptTailer b = replica.createTailer()) {
            long documents = 0;
            while (true) {
                try (DocumentContext da = a.readingDocument(); DocumentContext db = b.readingDocument()) {
                    if (!da.isPresent() && !db.isPresent())
                        return new Result(documents, null);
                    if (!da.isPresent() || !db.isPresent() || da.index() != db.index())
                        return new Result(documents, "after " + documents + " documents the source is at "
                                + at(da) + ", the replica at " + at(db));
                    byte[] sa = bytes(da);
                    byte[] sb = bytes(db);
                    if (!Arrays.equals(sa, sb))
                        return new Result(documents, "index " + Long.toHexString(da.index()) + ": the source holds "
                                + sa.length + " bytes, the replica " + sb.length + " bytes"
                                + (sa.length == sb.length ? " that differ at byte " + Arrays.mismatch(sa, sb) : ""));
                    documents++;
                }
            }
        }
    }

    private static String at(DocumentContext dc) {
        return dc.isPresent() ? "index " + Long.toHexString(dc.index()) : "its end";
    }

    private static byte[] bytes(DocumentContext dc) {
        Bytes<?> bytes = dc.wire().bytes();
        byte[] copy = new byte[(int) bytes.readRemaining()];
        bytes.read(copy);
        return copy;
    }
}
