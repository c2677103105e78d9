package io.celerity.cli;

import io.celerity.fixtures.ChildJvm;
import io.celerity.fixtures.TickEcho;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code ./celerity} launcher writes a class-data sharing archive as the first {@code run} after a build stops,
 * complete and under its final name only, and a later command can map it: {@code -Xshare:on} makes the JVM refuse to
 * start if the archive does not match its JDK and class path or cannot be mapped, and the class-loading log shows
 * Celerity's classes coming from it.
 */
class LauncherCdsIT {

    private static final Path SCRIPT = Path.of("..", "celerity").toAbsolutePath().normalize();
    private static final Path LAUNCHER = Path.of("target", "launcher");

    @TempDir
    Path dir;

    @Test
    void firstRunWritesTheArchiveAndALaterCommandMapsIt() throws Exception {
        assertTrue(Files.isExecutable(SCRIPT), "the launcher script: " + SCRIPT);
        assertTrue(Files.isRegularFile(LAUNCHER.resolve("classpath")), "package writes " + LAUNCHER.toAbsolutePath());
        for (Path old : archiveFiles())
            Files.delete(old); // a cache: this test needs the first start after a build
        String classes = Path.of(TickEcho.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Path yaml = Files.writeString(dir.resolve("services.yaml"), InspectCommandsTest.YAML);

        ChildJvm run = ChildJvm.launcher(SCRIPT, Map.of(), dir.resolve("run.log"), "--classpath", classes, "run",
                yaml.toString());
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!run.logText().contains("celerity: running")) {
            assertTrue(run.isAlive(), () -> "celerity run stopped; log:\n" + run.logText());
            assertTrue(System.nanoTime() < deadline, () -> "not running within 60 s; log:\n" + run.logText());
            Thread.sleep(50);
        }
        assertEquals(143, run.terminate(), "the JVM's status after SIGTERM, passed on by the launcher: "
                + run.logText());
        List<Path> archives = archiveFiles();
        assertEquals(1, archives.size(), "one archive, no partial file left: " + archives);
        assertTrue(archives.get(0).getFileName().toString().endsWith(".jsa"), archives.toString());
        assertFalse(run.logText().contains("cds"), "the archive is silent: " + run.logText());

        ChildJvm status = ChildJvm.launcher(SCRIPT, Map.of("JAVA_OPTS", "-Xshare:on -Xlog:class+load=info"),
                dir.resolve("status.log"), "--classpath", classes, "status", yaml.toString());
        assertEquals(0, status.await(), "status with the archive required (-Xshare:on): " + status.logText());
        assertTrue(status.logText().contains(CelerityCli.class.getName() + " source: shared objects file (top)"),
                "Celerity's own classes come from the launcher's archive, the top layer over the JDK's: "
                        + status.logText().lines().filter(l -> l.contains("CelerityCli")).toList());
    }

    private static List<Path> archiveFiles() throws IOException {
        try (Stream<Path> files = Files.list(LAUNCHER)) {
            return files.filter(f -> f.getFileName().toString().startsWith("cds-")).toList();
        }
    }
}
