package io.celerity.benchmarks.hop;

import net.openhft.chronicle.core.io.IOTools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A fresh directory for a benchmark's queues under target/, deleted when the benchmark is done. */
public final class BenchmarkData implements AutoCloseable {
    private final Path dir;

    public BenchmarkData(String name) throws IOException {
        Path parent = Files.createDirectories(Path.of("target", "bench-data"));
        this.dir = Files.createTempDirectory(parent, name + "-");
    }

    public Path dir() {
        return dir;
    }

    @Override
    public void close() {
        IOTools.deleteDirWithFiles(dir.toFile());
    }
}
