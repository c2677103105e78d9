package io.celerity.benchmarks.jmh;

import net.openhft.chronicle.core.io.IOTools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Scratch directories for benchmark queues and files, under the module's {@code target/} (a real disk here, not a
 * tmpfs), deleted when the benchmark is done with them.
 */
final class Scratch {

    private Scratch() {
    }

    /** The parent of every scratch directory: {@code target/benchmarks/jmh/scratch} of the benchmarks module. */
    static Path root() {
        return Path.of(System.getProperty("project.build.directory", "target"), "benchmarks", "jmh", "scratch")
                .toAbsolutePath();
    }

    /** A new, empty directory named after {@code purpose}. */
    static Path create(String purpose) {
        try {
            return Files.createTempDirectory(Files.createDirectories(root()), purpose + "-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a scratch directory under " + root(), e);
        }
    }

    /** Deletes {@code dir} and everything in it; null is ignored so a failed setup can still tear down. */
    static void delete(Path dir) {
        if (dir != null && !IOTools.deleteDirWithFiles(dir.toFile()) && Files.exists(dir))
            throw new IllegalStateException("could not delete the scratch directory " + dir);
    }
}
