package io.celerity.testing;

import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.bytes.OnHeapBytes;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import static net.openhft.chronicle.core.io.ReferenceOwner.INIT;

/**
 * Bytes of YAML events for the harness to read, which say the input has ended without an exception. Chronicle's YAML
 * reader finds the end of an event by reading a byte past it, and its bytes answer that with -1 only after throwing
 * and catching an exception with a formatted message and a stack trace: two per event, a tenth of a QUEUE test.
 */
final class YamlInput extends OnHeapBytes {

    private YamlInput(BytesStore<?, byte[]> store) {
        super(store, true);
        store.release(INIT); // held by these bytes now, as Bytes.allocateElasticOnHeap() leaves it
    }

    /** A YAML wire to append events to and read them back from. */
    static Wire wire() {
        return WireType.YAML_ONLY.apply(new YamlInput(BytesStore.wrap(new byte[256])));
    }

    @Override
    public int readUnsignedByte() {
        return readRemaining() > 0 ? super.readUnsignedByte() : -1; // what the exception would have returned
    }
}
