package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.fixtures.Cli;
import io.celerity.fixtures.Note;
import io.celerity.fixtures.NoteIn;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import io.celerity.host.ServiceHost;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** celerity status counts from the queues: the counts survive restarts, and it needs no component class. */
class StatusFromQueuesTest {

    @TempDir
    Path dir;

    @Test
    void countsSurviveARestartOfTheHost() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), InspectCommandsTest.YAML);
        processTicks(yaml, 1, 3);
        processTicks(yaml, 4, 2); // a new host: its own counters start from 0
        String status = Cli.run("status", yaml.toString()).out();
        assertTrue(status.matches("(?s).*\necho +stopped +5 +5 +0 .* ticks 0\n"), status);

        try (ChronicleQueue ticks = SingleChronicleQueueBuilder.binary(dir.resolve("ticks")).build()) {
            ticks.methodWriter(TickIn.class).tick(new Tick().set(7, 6, 600)); // written, not processed
        }
        String waiting = Cli.run("status", yaml.toString()).out();
        assertTrue(waiting.matches("(?s).*\necho +stopped +5 +5 +0 .* ticks 1\n"), waiting);
    }

    @Test
    void aProjectThatNeverRanIsNotStartedAndItsQueuesAreNotCreated() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), InspectCommandsTest.YAML);
        Cli.Result never = Cli.run("status", yaml.toString());
        assertEquals(0, never.status(), never.err());
        assertTrue(never.out().matches("(?s).*\necho +not started +0 +0 +- +never +ticks 0\n"), never.out());
        assertNoQueueWarnings(never);
        assertFalse(Files.exists(dir.resolve("ticks")) || Files.exists(dir.resolve("echoes")), "queues left alone");

        try (ChronicleQueue ticks = SingleChronicleQueueBuilder.binary(dir.resolve("ticks")).build()) {
            ticks.methodWriter(TickIn.class).tick(new Tick().set(7, 1, 100)); // a producer started first
        }
        Cli.Result waiting = Cli.run("status", yaml.toString());
        assertTrue(waiting.out().matches("(?s).*\necho +not started +0 +0 +- +never +ticks 1\n"), waiting.out());
        assertNoQueueWarnings(waiting);
        assertFalse(Files.exists(dir.resolve("echoes")), "the output queue left alone");
    }

    // Other tests' background releasers may print into this JVM's stderr meanwhile: look for the queue's own warnings.
    private static void assertNoQueueWarnings(Cli.Result status) {
        assertFalse(status.err().contains("Failback") || status.err().contains("tablestore")
                || status.err().contains("chronicle.queue"), status.err());
    }

    /** Two services reporting to one errors queue: each is counted its own reports, across a restart of the host. */
    @Test
    void errorsAreCountedFromTheErrorsQueueAcrossARestart() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), """
                queues:
                  notes:  { path: notes }
                  others: { path: others }
                  ticks:  { path: ticks }
                  ticks2: { path: ticks2 }
                  out:    { path: out }
                  out2:   { path: out2 }
                  errors: { path: errors }
                services:
                  recorder:
                    implClass: io.celerity.fixtures.Recorder
                    inputs: [ notes, ticks ]
                    output: out
                    errors: errors
                  twin:
                    implClass: io.celerity.fixtures.Recorder
                    inputs: [ others, ticks2 ]
                    output: out2
                    errors: errors
                """);
        failOn(yaml, "notes", "recorder", 1);
        failOn(yaml, "others", "twin", 1);
        failOn(yaml, "notes", "recorder", 1); // a new host: its status file counts 1 error
        String status = Cli.run("status", yaml.toString()).out();
        assertTrue(status.matches("(?s).*\\nrecorder +stopped +\\S+ +\\S+ +2 .*"), status);
        assertTrue(status.matches("(?s).*\\ntwin +stopped +\\S+ +\\S+ +1 .*"), status);
    }

    /** Runs the deployment until {@code service} has thrown on {@code n} notes written to {@code queue}. */
    private void failOn(Path yaml, String queue, String service, int n) throws InterruptedException {
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml));
             ChronicleQueue notes = SingleChronicleQueueBuilder.binary(dir.resolve(queue)).build()) {
            NoteIn writer = notes.methodWriter(NoteIn.class);
            for (int i = 0; i < n; i++)
                writer.note(new Note().text("boom"));
            long deadline = System.currentTimeMillis() + 60_000; // liveness only
            while (host.stats(service).handlerErrors() < n && System.currentTimeMillis() < deadline)
                Thread.sleep(5);
            assertEquals(n, host.stats(service).handlerErrors());
        }
    }

    @Test
    void worksWithoutTheComponentClasses() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), InspectCommandsTest.YAML);
        processTicks(yaml, 1, 4);
        try (URLClassLoader withoutTests = withoutTestClasses()) {
            assertThrows(ClassNotFoundException.class,
                    () -> Class.forName("io.celerity.fixtures.TickEcho", false, withoutTests), "the component is absent");
            Class<?> cli = Class.forName(CelerityCli.class.getName(), true, withoutTests);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            PrintStream original = System.out;
            ClassLoader context = Thread.currentThread().getContextClassLoader();
            int status;
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            Thread.currentThread().setContextClassLoader(withoutTests);
            try {
                status = (Integer) cli.getMethod("execute", String[].class)
                        .invoke(null, (Object) new String[]{"status", yaml.toString()});
            } finally {
                System.setOut(original);
                Thread.currentThread().setContextClassLoader(context);
            }
            String text = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, status, text);
            assertTrue(text.matches("(?s).*\necho +stopped +4 +4 +0 .* ticks 0\n"), text);
        }
    }

    private void processTicks(Path yaml, int firstSeq, int n) throws InterruptedException {
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml));
             ChronicleQueue ticks = SingleChronicleQueueBuilder.binary(dir.resolve("ticks")).build()) {
            TickIn writer = ticks.methodWriter(TickIn.class);
            for (int i = 0; i < n; i++)
                writer.tick(new Tick().set(7, firstSeq + i, 1));
            long deadline = System.currentTimeMillis() + 30_000; // liveness only
            while (host.stats("echo").inputs() < n && System.currentTimeMillis() < deadline)
                Thread.sleep(5);
            assertEquals(n, host.stats("echo").inputs());
        }
    }

    /** This JVM's class path without the test classes and test-jars (where the component lives), Celerity kept. */
    private static URLClassLoader withoutTestClasses() throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator))
            if (!entry.isEmpty() && !entry.replace('\\', '/').endsWith("test-classes") && !entry.endsWith("-tests.jar"))
                urls.add(Path.of(entry).toUri().toURL());
        return new URLClassLoader("without-tests", urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }
}
