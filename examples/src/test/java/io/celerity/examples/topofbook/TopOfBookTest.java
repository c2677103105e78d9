package io.celerity.examples.topofbook;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Base85LongConverter;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TopOfBookTest {

    private static final TopOfBook SAMPLE = new TopOfBook().set(1_772_443_800_123_456_789L,
            Base85LongConverter.INSTANCE.parse("EUR/USD"), (int) Base85LongConverter.INSTANCE.parse("EBS"),
            1.0851, 1.0853, 1_000_000, 2_500_000);

    @Test
    void isFortyFourBytesInBinary() {
        Bytes<?> bytes = Bytes.allocateElasticOnHeap(64);
        SAMPLE.writeMarshallable(bytes);
        assertEquals(44, bytes.readRemaining());
    }

    @Test
    void readsBackWhatItWrote() {
        Bytes<?> bytes = Bytes.allocateElasticOnHeap(64);
        SAMPLE.writeMarshallable(bytes);
        TopOfBook copy = new TopOfBook();
        copy.readMarshallable(bytes);
        assertEquals(SAMPLE, copy);
        assertEquals(0, bytes.readRemaining());
    }
}
