package io.celerity.internal.replication;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;

/** Test documents of many sizes, their bytes a function of their number: small ones, some over the MTU, a few large. */
final class Documents {

    private Documents() {
    }

    static int size(long n) {
        if (n % 1_000 == 999)
            return 40_000 + (int) (n % 7);
        if (n % 50 == 49)
            return 1_500 + (int) (n % 3_000);
        return 8 + (int) (n % 200);
    }

    /** Appends document {@code n}; returns its index. */
    static long write(ExcerptAppender appender, long n) {
        try (DocumentContext dc = appender.writingDocument()) {
            Bytes<?> bytes = dc.wire().bytes();
            bytes.writeLong(n);
            for (int i = 8; i < size(n); i++)
                bytes.writeByte((byte) (n * 31 + i));
        }
        return appender.lastIndexAppended();
    }
}
