package io.celerity.time;

import net.openhft.chronicle.core.time.SystemTimeProvider;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A child process: waits until the epoch millisecond {@code args[4]} so all children run at once, then writes
 * {@code args[2]} timestamps of host {@code args[3]} from the shared file {@code args[0]} to {@code args[1]}.
 */
public final class TimestampWriter {
    public static void main(String[] args) throws IOException, InterruptedException {
        int count = Integer.parseInt(args[2]);
        long startAt = Long.parseLong(args[4]);
        while (System.currentTimeMillis() < startAt)
            Thread.sleep(1);
        try (UniqueTimestamps ts = UniqueTimestamps.shared(Path.of(args[0]), Integer.parseInt(args[3]), SystemTimeProvider.CLOCK);
             DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(args[1]), 1 << 16))) {
            for (int i = 0; i < count; i++)
                out.writeLong(ts.next());
        }
    }
}
