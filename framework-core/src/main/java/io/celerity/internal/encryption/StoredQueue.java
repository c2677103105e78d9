package io.celerity.internal.encryption;

import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;

/** A queue as it lies on disk, whether or not it is encrypted: what copies, retention and file checks work on. */
public final class StoredQueue {

    private StoredQueue() {
    }

    public static SingleChronicleQueue of(ChronicleQueue queue) {
        return queue instanceof CipherQueue c ? c.stored() : (SingleChronicleQueue) queue;
    }
}
