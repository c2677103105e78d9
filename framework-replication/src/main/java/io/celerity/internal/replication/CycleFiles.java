package io.celerity.internal.replication;

import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueStore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.text.ParseException;

/**
 * Forces a queue's cycle files to disk whole, whoever wrote them: Chronicle's appender syncs only what it wrote itself,
 * so a replica's documents from before a restart need this.
 */
final class CycleFiles {

    private CycleFiles() {
    }

    /** Forces every cycle file that may hold documents after the last msynced one, up to {@code lastIndex}'s. */
    static void forceUpTo(SingleChronicleQueue queue, long lastIndex) {
        RollCycle rollCycle = queue.rollCycle();
        int last = rollCycle.toCycle(lastIndex);
        long synced = queue.lastIndexMSynced();
        int cycle = synced >= 0 ? rollCycle.toCycle(synced) : queue.firstCycle();
        try {
            // Cycles with no documents have no file: step through those that exist.
            while (cycle <= last) {
                force(queue, cycle);
                int next = cycle == last ? last + 1 : queue.nextCycle(cycle, TailerDirection.FORWARD);
                if (next <= cycle)
                    break;
                cycle = next;
            }
        } catch (ParseException e) {
            throw new IllegalStateException("cannot list the cycle files of " + queue.file() + ": " + e, e);
        }
    }

    private static void force(SingleChronicleQueue queue, int cycle) {
        try (SingleChronicleQueueStore store = queue.storeForCycle(cycle, queue.epoch(), false, null)) {
            if (store == null)
                return;
            try (FileChannel channel = FileChannel.open(store.file().toPath(), StandardOpenOption.READ)) {
                channel.force(false);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot sync cycle " + cycle + " of " + queue.file() + ": " + e, e);
        }
    }
}
