package io.celerity.host;

import io.celerity.fixtures.ChildJvm;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickOut;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real {@code celerity run} processes on one services.yaml while inputs keep arriving: a second one is refused with
 * the live holder's pid and exits with status 4, writing nothing; once the holder is killed with SIGKILL, a new one
 * takes over at once, and in the end every input was answered exactly once.
 */
class FencingAcrossProcessesTest {

    private static final int RATE = 1_000; // inputs per second while the processes come and go
    private static final int ALREADY_RUNNING = 4; // CelerityCli's exit status for a refused run
    private static final Duration START = Duration.ofSeconds(90); // a JVM start on a loaded 2-core machine, with room

    @TempDir
    Path dir;

    private final List<ChildJvm> children = new ArrayList<>();

    // A failed run must not leave a service spinning on a shared machine.
    @AfterEach
    void killChildrenLeftRunning() throws InterruptedException {
        for (ChildJvm child : children)
            if (child.isAlive())
                child.kill();
    }

    private static List<Long> answeredSeqs(Path out) {
        List<Long> seqs = new ArrayList<>();
        Queues.readAll(out, (TickOut) t -> seqs.add(t.seq));
        return seqs;
    }

    private ChildJvm celerityRun(Path yaml, String name) throws IOException {
        ChildJvm child = ChildJvm.celerityRun(yaml, dir.resolve(name + ".log"));
        children.add(child);
        return child;
    }

    @Test
    void aSecondRunIsRefusedWhileTheFirstLivesAndTakesOverAtOnceWhenItIsKilled() throws Exception {
        Path yaml = Queues.echoServicesYaml(dir);
        Path out = dir.resolve("out");
        try (TickProducer producer = new TickProducer(dir.resolve("in"), 0, RATE)) {
            ChildJvm first = celerityRun(yaml, "first");
            awaitRunning(first);
            Queues.await("the first to answer", START, () -> Queues.count(out) > 0);

            long launched = System.nanoTime();
            ChildJvm second = celerityRun(yaml, "second");
            assertRefused(second, first);
            long refusedMillis = (System.nanoTime() - launched) / 1_000_000;
            assertTrue(first.isAlive(), () -> "the refusal must leave the first running; log:\n" + first.logText());

            first.kill(); // SIGKILL: no shutdown hook, the claim is left to the kernel
            long killed = System.nanoTime();
            ChildJvm third = celerityRun(yaml, "third");
            awaitRunning(third);
            long runningMillis = (System.nanoTime() - killed) / 1_000_000;
            ChildJvm fourth = celerityRun(yaml, "fourth");
            assertRefused(fourth, third); // the claim now names the new holder

            producer.close();
            long produced = producer.produced();
            Queues.await("all " + produced + " answers", START, () -> Queues.count(out) >= produced || !third.isAlive());
            // a sentinel input, the next in sequence: an answer written twice would come before its answer
            try (ChronicleQueue in = Queues.open(dir.resolve("in"))) {
                in.methodWriter(TickIn.class).tick(new Tick().set(0, produced, produced));
            }
            Queues.await("the sentinel's answer", START, () -> answeredSeqs(out).contains(produced) || !third.isAlive());
            third.terminate();

            List<Long> seqs = answeredSeqs(out);
            assertEquals(produced + 1, new HashSet<>(seqs).size(), "lost answers");
            assertEquals(produced + 1, seqs.size(), "answers written twice");
            // Both are mostly a JVM's start: no wait for a lease or a timeout is in them.
            LoggerFactory.getLogger(FencingAcrossProcessesTest.class).info("second run refused {} ms after its launch; "
                    + "after the SIGKILL, a new run said it runs {} ms later; {} inputs answered once", refusedMillis,
                    runningMillis, produced);
        }
    }

    private static void awaitRunning(ChildJvm child) {
        Queues.await("celerity run (pid " + child.pid() + ") to say it runs", START,
                () -> child.logText().contains("celerity: running") || !child.isAlive());
        assertTrue(child.isAlive(), () -> "it did not start; log:\n" + child.logText());
    }

    private static void assertRefused(ChildJvm refused, ChildJvm holder) throws InterruptedException {
        int status = refused.await();
        String log = refused.logText();
        assertEquals(ALREADY_RUNNING, status, log);
        assertTrue(log.contains("celerity: service 'echo' is already running (pid " + holder.pid() + " on host "),
                log);
        assertFalse(log.contains("host started"), log);
    }
}
