package io.celerity.time;

import io.celerity.fixtures.ChildJvm;
import net.openhft.chronicle.core.time.SetTimeProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UniqueTimestampsTest {

    private static final int PER_PROCESS = 1_000_000;

    @TempDir
    Path dir;

    @Test
    void theTimeToOneHundredNanosWithTheHostIdInTheLastTwoDigits() {
        SetTimeProvider clock = new SetTimeProvider(1_772_443_800_000_000_000L); // 2026-03-02T09:30:00Z
        UniqueTimestamps ts = UniqueTimestamps.inMemory(7, clock);
        long first = ts.next();
        assertEquals(1_772_443_800_000_000_007L, first);
        assertEquals(1_772_443_800_000_000_107L, ts.next(), "the clock did not move: 100 ns later");
        clock.currentTimeNanos(1_772_443_800_000_123_456L);
        assertEquals(1_772_443_800_000_123_407L, ts.next());
        assertEquals(7, UniqueTimestamps.hostIdOf(first));
        assertEquals("2026-03-02T09:30:00Z host 7", UniqueTimestamps.format(first));
        assertThrows(IllegalArgumentException.class, () -> UniqueTimestamps.inMemory(100, clock));
    }

    @Test
    void threadsSharingOneSourceNeverGetTheSameTimestamp() throws InterruptedException {
        Set<Long> seen = ConcurrentHashMap.newKeySet();
        try (UniqueTimestamps ts = UniqueTimestamps.shared(dir.resolve("shared"), 3,
                net.openhft.chronicle.core.time.SystemTimeProvider.CLOCK)) {
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                Thread thread = new Thread(() -> {
                    long previous = 0;
                    for (int i = 0; i < 100_000; i++) {
                        long next = ts.next();
                        assertTrue(next > previous);
                        seen.add(next);
                        previous = next;
                    }
                });
                threads.add(thread);
                thread.start();
            }
            for (Thread t : threads)
                t.join();
        }
        assertEquals(400_000, seen.size());
    }

    @Test
    void processesSharingTheFileNeverGetTheSameTimestamp() throws IOException, InterruptedException {
        Path shared = dir.resolve("shared");
        List<ChildJvm> children = new ArrayList<>();
        Path go = dir.resolve("go");
        for (int p = 0; p < 3; p++)
            children.add(ChildJvm.start(dir.resolve("child.log"), TimestampWriter.class.getName(), shared.toString(),
                    dir.resolve("out-" + p).toString(), String.valueOf(PER_PROCESS), "42", go.toString()));
        long deadline = System.currentTimeMillis() + 60_000;
        for (int p = 0; p < 3; p++)
            while (!Files.exists(dir.resolve("out-" + p + ".ready")) && System.currentTimeMillis() < deadline)
                Thread.sleep(10);
        Files.createFile(go); // all three are ready: start them together
        for (ChildJvm c : children)
            assertEquals(0, c.await(), c.logText());

        long[] all = new long[3 * PER_PROCESS];
        int n = 0;
        for (int p = 0; p < 3; p++) {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(dir.resolve("out-" + p))))) {
                long previous = 0;
                for (int i = 0; i < PER_PROCESS; i++) {
                    long t = in.readLong();
                    assertTrue(t > previous, "each process sees them increase");
                    assertEquals(42, UniqueTimestamps.hostIdOf(t));
                    all[n++] = t;
                    previous = t;
                }
            }
        }
        long[] firsts = {all[0], all[PER_PROCESS], all[2 * PER_PROCESS]};
        long[] lasts = {all[PER_PROCESS - 1], all[2 * PER_PROCESS - 1], all[3 * PER_PROCESS - 1]};
        Arrays.sort(all);
        for (int i = 1; i < all.length; i++)
            assertTrue(all[i] != all[i - 1], "duplicate " + UniqueTimestamps.format(all[i]));
        // The processes really ran at the same time: their ranges overlap.
        assertTrue(Arrays.stream(firsts).max().getAsLong() < Arrays.stream(lasts).min().getAsLong(),
                "ranges " + Arrays.toString(firsts) + " .. " + Arrays.toString(lasts));
    }
}
