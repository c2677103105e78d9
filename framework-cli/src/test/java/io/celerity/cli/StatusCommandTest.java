package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.fixtures.ChildJvm;
import io.celerity.fixtures.Cli;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickOut;
import io.celerity.host.ServiceHost;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** celerity status against a live host, a stalled one, a stopped one and a killed one. */
class StatusCommandTest {

    private static final String YAML = """
            queues:
              ticks:  { path: ticks }
              echoes: { path: echoes }
            services:
              gate:
                implClass: io.celerity.cli.StatusCommandTest$Gate
                inputs: [ ticks ]
                output: echoes
                heartbeat: 50ms
            """;

    /** Echoes ticks, but holds its loop on a tick with value -1 until released: a stalled service. */
    public static final class Gate implements TickIn {
        static volatile CountDownLatch release = new CountDownLatch(0);
        private final TickOut out;

        public Gate(TickOut out) {
            this.out = out;
        }

        @Override
        public void tick(Tick tick) {
            if (tick.value == -1) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            out.echoed(tick);
        }
    }

    @TempDir
    Path dir;

    @Test
    void showsRunningStalledAndStoppedWithCountsAndLag() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), YAML);
        Gate.release = new CountDownLatch(1);
        try (ChronicleQueue ticks = SingleChronicleQueueBuilder.binary(dir.resolve("ticks")).build()) {
            TickIn writer = ticks.methodWriter(TickIn.class);
            try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml))) {
                for (int i = 1; i <= 3; i++)
                    writer.tick(new Tick().set(1, i, i));
                // A running service's row is read while it writes: wait until it shows all three processed and answered.
                String running = await(yaml, out -> out.matches("(?s).*gate +running +3 +3 +0 .* ticks 0\n.*"));
                assertTrue(running.matches("(?s).*gate +running +3 +3 +0 .* ticks 0\n.*"), running);

                writer.tick(new Tick().set(1, 4, -1)); // holds the loop: no more heartbeats
                writer.tick(new Tick().set(1, 5, 5));
                String stalled = await(yaml, out -> out.contains("STALLED"));
                assertTrue(stalled.contains("STALLED (no heartbeat)"), stalled);
                Gate.release.countDown();
            }
            // Closing finished the held tick (and perhaps tick 5); what it did not process waits, with 6 and 7.
            writer.tick(new Tick().set(1, 6, 6));
            writer.tick(new Tick().set(1, 7, 7));
            String stopped = status(yaml);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("gate +stopped +(\\d) +(\\d) +0 .* ticks (\\d)\n")
                    .matcher(stopped);
            assertTrue(m.find(), stopped);
            assertEquals(m.group(1), m.group(2), "one output per input: " + stopped);
            assertEquals(7, Integer.parseInt(m.group(1)) + Integer.parseInt(m.group(3)), "processed + waiting: " + stopped);
        }
    }

    @Test
    void showsDeadAfterTheHostProcessIsKilledWithSigkill() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), YAML);
        ChildJvm host = ChildJvm.celerityRun(yaml, dir.resolve("host.log"));
        String running;
        try {
            running = await(yaml, out -> out.matches("(?s).*\ngate +running .*"));
        } finally {
            host.kill();
        }
        assertTrue(running.matches("(?s).*\ngate +running .*"), running + "host log:\n" + host.logText());
        assertEquals(137, host.await(), "killed by SIGKILL (128 + 9), not asked to stop");

        String dead = status(yaml);
        assertTrue(dead.matches("(?s).*\ngate +dead \\(pid " + host.pid() + " gone\\) .*"), dead);
    }

    private static String await(Path yaml, Predicate<String> condition) throws InterruptedException {
        String out = "";
        long deadline = System.currentTimeMillis() + 120_000; // liveness: a child JVM starts slowly on a busy machine
        while (System.currentTimeMillis() < deadline) {
            out = status(yaml);
            if (condition.test(out))
                return out;
            Thread.sleep(100);
        }
        return out;
    }

    private static String status(Path yaml) {
        Cli.Result status = Cli.run("status", yaml.toString());
        assertEquals(0, status.status(), status.err());
        return status.out();
    }
}
