package io.celerity.benchmarks.hop;

import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.harness.SinkProbes;
import net.openhft.chronicle.core.io.IOTools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A fresh directory for a benchmark's queues under target/, deleted when the benchmark is done; it also keys the
 * benchmark's probes for its sink services while it lasts.
 */
public final class BenchmarkData implements AutoCloseable {
    private final Path dir;
    private boolean sinkProbes;

    public BenchmarkData(String name) throws IOException {
        Path parent = Files.createDirectories(Path.of("target", "bench-data"));
        this.dir = Files.createTempDirectory(parent, name + "-");
    }

    public Path dir() {
        return dir;
    }

    /** Hands {@code probes} to sink services; returns the key their settings name ({@code probes: KEY}). */
    public String registerSinkProbes(Probes probes) {
        SinkProbes.register(dir.toString(), probes);
        sinkProbes = true;
        return dir.toString();
    }

    @Override
    public void close() {
        if (sinkProbes)
            SinkProbes.unregister(dir.toString());
        IOTools.deleteDirWithFiles(dir.toFile());
    }
}
