package io.celerity.cli;

import io.celerity.fixtures.ChildJvm;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickOut;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code java -jar celerity.jar} with no JVM flag, on the JDK running this test, runs a component that lives outside
 * the jar with Chronicle's generated reader and writer; {@code dump} decodes its output with the component's interface.
 */
class RunnableJarIT {

    private static final int TICKS = 100;
    /** An echo as dump prints it when it decodes with TickOut; undecoded, a Tick would be bytes. */
    private static final Pattern DECODED_ECHO = Pattern.compile("echoed: \\{\\s+stream: 1,\\s+seq: \\d+,");

    @TempDir
    Path dir;

    @Test
    void runsAComponentFromOutsideTheJarWithGeneratedCodeAndNoJvmFlags() throws Exception {
        Path jar = Path.of(System.getProperty("celerity.jar", "target/celerity.jar"));
        assertTrue(Files.isRegularFile(jar), "the runnable jar is built by package: " + jar.toAbsolutePath());
        try (JarFile contents = new JarFile(jar.toFile())) {
            assertEquals(null, contents.getEntry(TickEcho.class.getName().replace('.', '/') + ".class"),
                    "the component must come from outside the jar");
        }
        // The component (framework-core's test-jar) and the readers and writers this module's build generated for it.
        String classes = location(TickEcho.class) + File.pathSeparator + location(RunnableJarIT.class);
        Path yaml = Files.writeString(dir.resolve("services.yaml"), InspectCommandsTest.YAML);

        ChildJvm missing = ChildJvm.runnableJar(jar, Map.of(), dir.resolve("missing.log"), "run", yaml.toString());
        assertEquals(CelerityCli.CONFIG_ERROR, missing.await(), missing.logText());
        assertTrue(missing.logText().contains(TickEcho.class.getName()), "names the class it cannot find: "
                + missing.logText());

        ChildJvm run = ChildJvm.runnableJar(jar, Map.of(), dir.resolve("run.log"), "--classpath", classes, "run",
                yaml.toString());
        await(run, "celerity run to start", () -> run.logText().contains("celerity: running"));
        int runStatus;
        try (ChronicleQueue ticks = SingleChronicleQueueBuilder.binary(dir.resolve("ticks")).build()) {
            TickIn writer = ticks.methodWriter(TickIn.class);
            Tick tick = new Tick();
            for (int i = 1; i <= TICKS; i++)
                writer.tick(tick.set(1, i, i));
            await(run, TICKS + " echoes", () -> echoes() == TICKS);

            // The host rewrites its status file once a second: ask again until it has caught up with the echoes.
            ChildJvm status;
            long deadline = System.nanoTime() + 15_000_000_000L;
            do {
                status = ChildJvm.runnableJar(jar, Map.of(), dir.resolve("status.log"), "--classpath=" + classes,
                        "status", yaml.toString());
                assertEquals(0, status.await(), status.logText());
            } while (!statusShowsAllTicks(status.logText()) && System.nanoTime() < deadline);
            assertTrue(statusShowsAllTicks(status.logText()), status.logText());

            ChildJvm dump = ChildJvm.runnableJar(jar, Map.of(UserClasspath.VARIABLE, classes), dir.resolve("dump.log"),
                    "dump", "echoes", "--config", yaml.toString());
            assertEquals(0, dump.await(), dump.logText());
            assertEquals(TICKS, count(DECODED_ECHO.matcher(dump.logText())),
                    "every echo decoded with TickOut (read from CELERITY_CLASSPATH): " + dump.logText());
            assertClean(dump);
        } finally {
            runStatus = run.isAlive() ? run.terminate() : run.await();
        }
        String log = run.logText();
        assertEquals(143, runStatus, "the JVM's status after SIGTERM (128 + 15): " + log);
        assertTrue(log.contains("celerity: running [echo] from " + yaml), log);
        assertTrue(log.contains("closed echo {inputs: " + TICKS + ", outputs: " + TICKS + ", handlerErrors: 0, "
                + "badMessages: 0"), log);
        assertClean(run);
    }

    private static String location(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static void await(ChildJvm run, String what, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!done.getAsBoolean()) {
            assertTrue(run.isAlive(), () -> "celerity run stopped before " + what + "; log:\n" + run.logText());
            assertTrue(System.nanoTime() < deadline, () -> "no " + what + " within 60 s; log:\n" + run.logText());
            Thread.sleep(50);
        }
    }

    private long echoes() {
        long[] n = {0};
        try (ChronicleQueue q = SingleChronicleQueueBuilder.binary(dir.resolve("echoes")).readOnly(true).build();
             ExcerptTailer tailer = q.createTailer()) {
            var reader = tailer.methodReader((TickOut) t -> n[0]++);
            while (reader.readOne()) {
                // the handler counts
            }
        }
        return n[0];
    }

    // No JVM warning (flags missing), no logged warning or error, no proxy fallback: the fast path, quietly.
    private static void assertClean(ChildJvm child) {
        String log = child.logText();
        List<String> bad = log.lines().filter(l -> l.contains("WARN") || l.contains("ERROR")
                || l.toLowerCase().contains("proxy") || l.toLowerCase().matches(".*fall(ing)? ?back.*")).toList();
        assertEquals(List.of(), bad, log);
    }

    private static int count(Matcher m) {
        int n = 0;
        while (m.find())
            n++;
        return n;
    }

    private static boolean statusShowsAllTicks(String statusOutput) {
        return statusOutput.matches("(?s).*\necho +running \\(no heartbeat set\\) +" + TICKS + " +" + TICKS + " +0 .*");
    }
}
