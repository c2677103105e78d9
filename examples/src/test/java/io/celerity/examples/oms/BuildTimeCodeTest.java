package io.celerity.examples.oms;

import io.celerity.cli.CelerityCli;
import io.celerity.examples.demo.DemoFiles;
import io.celerity.examples.oms.demo.OrderFlow;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OMS runs as {@code celerity run} in a JVM that has no Java compiler at all (the jdk.compiler module left out,
 * its exports not given): every method reader and writer it uses, snapshots and their restore included, was generated
 * when this module was built. A class missing from the build would need javac, fail, and stop the service.
 */
class BuildTimeCodeTest {

    private static final int FIRST = 300;
    private static final int REQUESTS = 400;
    private static final long SNAPSHOT_EVERY = 100;
    private static final long WAIT_NANOS = 120_000_000_000L;
    /** The modules a service needs: Java SE, sun.misc.Unsafe, and the management beans; no jdk.compiler. */
    private static final String MODULES = "java.se,jdk.unsupported,jdk.management";
    // 2026-01-02T09:00:00Z, then a microsecond a request.
    private static final long FIRST_REQUEST_NANOS = 1_767_344_400_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void theOmsRunsAndRestartsFromSnapshotsWithNoCompilerInTheJvm() throws Exception {
        Path yaml = deploy();
        appendRequests(0, FIRST);
        Path log = dir.resolve("celerity.log");

        assertEquals(143, runUntilAnswered(yaml, log, FIRST), "a clean stop on SIGTERM: " + Files.readString(log));
        appendRequests(FIRST, REQUESTS);
        // The restart reads the newest snapshots and replays the inputs (risk check) and outputs (order manager) after.
        assertEquals(143, runUntilAnswered(yaml, log, REQUESTS), "a clean stop on SIGTERM: " + Files.readString(log));

        String text = Files.readString(log);
        assertEquals(2, text.lines().filter(l -> l.contains("order-manager: state rebuilt from the snapshot")).count()
                + text.lines().filter(l -> l.contains("risk-check: state rebuilt from the snapshot")).count(), text);
        assertTrue(text.lines().noneMatch(l -> l.contains("not generated when the application was built")
                || l.contains("WARN") || l.contains("ERROR")), text);
        assertEquals(REQUESTS, answers(), "one answer per request");
    }

    /** oms/services.yaml with a snapshot every 100 inputs, its loop backing off when idle; returns its path. */
    private Path deploy() throws IOException {
        String yaml = DemoFiles.resource("oms/services.yaml");
        Matcher everyInputs = Pattern.compile("everyInputs: \\d+").matcher(yaml);
        assertEquals(2, everyInputs.results().count(), "the two snapshots' frequency: " + yaml);
        assertTrue(yaml.contains("pauser: BUSY"), yaml);
        // One process for the three services: its loop backs off when idle rather than spinning beside the test.
        String deployed = everyInputs.replaceAll("everyInputs: " + SNAPSHOT_EVERY)
                .replace("pauser: BUSY", "pauser: BALANCED");
        return Files.writeString(dir.resolve("services.yaml"), deployed);
    }

    /** Writes the demo client's requests {@code from} (inclusive) to {@code to} (exclusive) to the orders queue. */
    private void appendRequests(long from, long to) {
        try (ChronicleQueue orders = SingleChronicleQueueBuilder.binary(dir.resolve("orders")).build()) {
            OrderFlow flow = new OrderFlow(orders.methodWriter(OrderEntry.class));
            for (long n = from; n < to; n++)
                flow.send(n, FIRST_REQUEST_NANOS + n * 1_000);
        }
    }

    /** The answers on the reports queue so far: one document each. */
    private long answers() {
        try (ChronicleQueue reports = SingleChronicleQueueBuilder.binary(dir.resolve("reports")).build();
             ExcerptTailer tailer = reports.createTailer()) {
            for (long n = 0; ; n++) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent())
                        return n;
                }
            }
        }
    }

    /** Runs the OMS until {@code answers} reports are out, then stops it; returns its exit status. */
    private int runUntilAnswered(Path yaml, Path log, long answers) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--limit-modules");
        cmd.add(MODULES);
        cmd.addAll(flagsWithoutCompiler());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), CelerityCli.class.getName(), "run",
                yaml.toString()));
        Process process = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        try {
            long deadline = System.nanoTime() + WAIT_NANOS;
            while (answers() < answers) {
                assertTrue(process.isAlive(), () -> "celerity run stopped: " + read(log));
                assertTrue(System.nanoTime() < deadline, () -> "not " + answers + " answers in 120 s: " + read(log));
                Thread.sleep(100);
            }
            process.destroy();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "stops within 60 s of SIGTERM");
            return process.exitValue();
        } finally {
            process.destroyForcibly();
        }
    }

    // This JVM's Chronicle flags, less the jdk.compiler export: no javac for Chronicle to reach.
    private static List<String> flagsWithoutCompiler() {
        List<String> flags = new ArrayList<>();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
            if ((arg.startsWith("--add-") || arg.startsWith("--enable-native-access")
                    || arg.startsWith("--sun-misc-unsafe-memory-access") || arg.startsWith("-D"))
                    && !arg.contains("jdk.compiler"))
                flags.add(arg);
        assertTrue(flags.contains("--add-exports=java.base/sun.nio.ch=ALL-UNNAMED"), "run by the build: " + flags);
        return flags;
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
