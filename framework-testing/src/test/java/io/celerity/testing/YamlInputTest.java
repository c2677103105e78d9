package io.celerity.testing;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The harness's YAML input reads events exactly as Chronicle's own bytes do, and says where the input ends. */
class YamlInputTest {

    private static final List<String> EVENTS = List.of(
            "quote: { symbol: EURUSD, bid: 1.0850, ask: 1.0852, bidQty: 1000000, sentNanos: 0 }\n",
            "quote: { symbol: EURUSD, bid: 1.0850 }",
            "# a comment first\nquote: {\n  symbol: GBPUSD,\n  bid: 1.27\n}\n...\n",
            "order:\n  id: 7\n  legs: [ 1, 2, 3 ]\n  note: \"quoted, text\"\n",
            "ping: 42\n");

    @Test
    void everyEventReadsAsFromChronicleBytes() {
        for (String event : EVENTS)
            assertEquals(read(WireType.YAML_ONLY.apply(Bytes.allocateElasticOnHeap()), event),
                    read(YamlInput.wire(), event), event);
    }

    @Test
    void theEndOfTheInputReadsAsMinusOne() {
        Wire wire = YamlInput.wire();
        wire.bytes().append("a");
        assertEquals('a', wire.bytes().readUnsignedByte());
        assertEquals(-1, wire.bytes().readUnsignedByte());
        assertEquals(0, wire.bytes().readRemaining());
    }

    /** The event's name and value, twice over the same wire: a cleared input reads its next event afresh. */
    private static List<Object> read(Wire wire, String event) {
        List<Object> read = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            wire.clear();
            wire.bytes().append(event);
            StringBuilder name = new StringBuilder();
            read.add(wire.readEventName(name).object().toString());
            read.add(name.toString());
        }
        return read;
    }
}
