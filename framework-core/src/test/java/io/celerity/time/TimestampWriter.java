package io.celerity.time;

import net.openhft.chronicle.core.time.SystemTimeProvider;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A child process: opens the shared file {@code args[0]}, says it is ready ({@code args[1]}.ready), waits for the go
 * file {@code args[4]} so all children run at once, then writes {@code args[2]} timestamps of host {@code args[3]} to
 * {@code args[1]}.
 */
public final class TimestampWriter {
    public static void main(String[] args) throws IOException, InterruptedException {
        int count = Integer.parseInt(args[2]);
        Path go = Path.of(args[4]);
        try (UniqueTimestamps ts = UniqueTimestamps.shared(Path.of(args[0]), Integer.parseInt(args[3]), SystemTimeProvider.CLOCK);
             DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(args[1]), 1 << 16))) {
            ts.next(); // loaded, mapped and compiled enough before the start, so no child lags behind the others
            Files.createFile(Path.of(args[1] + ".ready"));
            while (!Files.exists(go))
                Thread.onSpinWait();
            for (int i = 0; i < count; i++)
                out.writeLong(ts.next());
        }
    }
}
