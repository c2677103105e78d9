package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickOut;
import io.celerity.internal.operations.StatusFile;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One instance per service, within one JVM: a second host of a running service is refused naming the holder, before
 * it opens or writes anything; a closed or crashed holder's claim is free at once. Separate processes, and a holder
 * killed with SIGKILL, are in {@link FencingAcrossProcessesTest}.
 */
class FencingTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final long PID = ProcessHandle.current().pid();

    @TempDir
    Path dir;

    private CelerityConfig echo(String service) {
        return CelerityConfig.builder().queue("in", dir.resolve("in")).queue("out", dir.resolve("out"))
                .service(ServiceConfig.of(service, TickEcho.class, List.of("in"), "out")).build();
    }

    @Test
    void aSecondHostOfARunningServiceIsRefusedNamingTheHolderAndProcessesNothing() {
        CelerityConfig config = echo("echo");
        writeTicks("in", 0, 3);
        try (ServiceHost first = ServiceHost.start(config)) {
            Queues.await("3 echoed", WAIT, () -> first.stats("echo").outputs() == 3);
            ServiceAlreadyRunningException e = assertThrows(ServiceAlreadyRunningException.class,
                    () -> ServiceHost.start(config).close());
            assertTrue(e.getMessage().startsWith("service 'echo' is already running (pid " + PID + " on host "),
                    e.getMessage());
            assertTrue(e.getMessage().contains(" since " + e.holder().since() + ", config builder)"), e.getMessage());
            assertEquals("echo", e.holder().service());
            assertEquals(PID, e.holder().pid());
            writeTicks("in", 3, 5);
            Queues.await("5 echoed", WAIT, () -> first.stats("echo").outputs() == 5);
        }
        assertEquals(LongStream.range(0, 5).boxed().toList(), echoedSeqs(), "each input echoed once, by the first");
    }

    @Test
    void aServiceOfAnotherConfigReadingTheSameQueueIntoTheSameOutputIsRefused() {
        try (ServiceHost first = ServiceHost.start(echo("echo"))) {
            ServiceAlreadyRunningException e = assertThrows(ServiceAlreadyRunningException.class,
                    () -> ServiceHost.start(echo("copy")).close());
            int sourceId = first.config().queues().get("in").sourceId();
            assertTrue(e.getMessage().startsWith("service 'copy' cannot start: service 'echo' (pid " + PID),
                    e.getMessage());
            assertTrue(e.getMessage().contains("already writes what it reads from input 'in' (source id " + sourceId
                    + ") to queue 'out'"), e.getMessage());
        }
    }

    @Test
    void servicesWritingOneOutputFromDifferentInputsRunInSeparateHosts() {
        CelerityConfig config = CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks")).queue("more", dir.resolve("more")).queue("out", dir.resolve("out"))
                .service(ServiceConfig.of("a", TickEcho.class, List.of("ticks"), "out"))
                .service(ServiceConfig.of("b", TickEcho.class, List.of("more"), "out")).build();
        writeTicks("ticks", 0, 2);
        writeTicks("more", 0, 3);
        try (ServiceHost a = ServiceHost.start(config.withOnlyServices(List.of("a")));
             ServiceHost b = ServiceHost.start(config.withOnlyServices(List.of("b")))) {
            Queues.await("all echoed", WAIT, () -> a.stats("a").outputs() == 2 && b.stats("b").outputs() == 3);
        }
        assertEquals(5, Queues.count(dir.resolve("out")));
    }

    @Test
    void aRefusedHostOpensNoQueueAndReleasesTheClaimsItTook() throws Exception {
        CelerityConfig config = CelerityConfig.builder()
                .queue("in", dir.resolve("in")).queue("outA", dir.resolve("outA")).queue("outB", dir.resolve("outB"))
                .service(ServiceConfig.of("a", TickEcho.class, List.of("in"), "outA"))
                .service(ServiceConfig.of("b", TickEcho.class, List.of("in"), "outB")).build();
        try (ServiceHost b = ServiceHost.start(config.withOnlyServices(List.of("b")))) {
            ServiceAlreadyRunningException e = assertThrows(ServiceAlreadyRunningException.class,
                    () -> ServiceHost.start(config).close());
            assertTrue(e.getMessage().startsWith("service 'b' is already running"), e.getMessage());
            try (Stream<Path> files = Files.list(dir.resolve("outA"))) {
                assertEquals(List.of(), files.map(f -> f.getFileName().toString())
                        .filter(f -> f.contains(".cq4")).toList(), "no queue file made by the refused host");
            }
            // The refused host had claimed 'a' before it met 'b': that claim must be free again.
            ServiceHost.start(config.withOnlyServices(List.of("a"))).close();
        }
    }

    @Test
    void aCrashedHostsClaimIsTakenOverAndClosingItLaterLeavesTheNewHolderAlone() throws Exception {
        CelerityConfig config = echo("echo");
        writeTicks("in", 0, 2);
        ServiceHost crashed = ServiceHost.start(config);
        try {
            Queues.await("2 echoed", WAIT, () -> crashed.stats("echo").outputs() == 2);
            crashed.crash();
            writeTicks("in", 2, 4);
            try (ServiceHost next = ServiceHost.start(config)) {
                Queues.await("2 more echoed", WAIT, () -> next.stats("echo").outputs() == 2);
                // The new holder's status is written by a thread of its own: on a loaded machine, maybe not yet.
                Path statusFile = StatusFile.of(config, config.services().get("echo"));
                Queues.await("the new holder's status", WAIT, () -> readStatus(statusFile).isPresent());
                crashed.close();
                Map<String, Object> status = StatusFile.read(statusFile).orElseThrow();
                assertEquals("running", status.get("state"), "the crashed host's close must not report the service");
                assertThrows(ServiceAlreadyRunningException.class, () -> ServiceHost.start(config).close(),
                        "the crashed host's close must not release the new holder's claim");
            }
        } finally {
            crashed.close();
        }
        assertEquals(LongStream.range(0, 4).boxed().toList(), echoedSeqs());
    }

    @Test
    void aDeadHoldersLeftoverClaimFileIsTakenOverAtOnce() throws Exception {
        CelerityConfig config = echo("echo");
        Path claim = ServiceClaim.nameFile(config, config.services().get("echo"));
        Files.createDirectories(claim.getParent());
        Files.writeString(claim, "service: \"echo\"\npid: 999999999\nhost: \"gone\"\nsince: \"2026-01-01T00:00:00Z\"\n"
                + "config: \"old.yaml\"\n"); // what a killed holder leaves: its record, no lock
        writeTicks("in", 0, 1);
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("1 echoed", WAIT, () -> host.stats("echo").outputs() == 1);
        }
        RunningInstance recorded = HolderRecord.parse(claim.toString(), Files.readString(claim));
        assertNotNull(recorded, Files.readString(claim));
        assertEquals(PID, recorded.pid(), "the file names the last holder");
        assertEquals("builder", recorded.config());
    }

    private void writeTicks(String queue, long from, long to) {
        try (ChronicleQueue q = Queues.open(dir.resolve(queue))) {
            TickIn w = q.methodWriter(TickIn.class);
            Tick t = new Tick();
            for (long i = from; i < to; i++)
                w.tick(t.set(1, i, i));
        }
    }

    private List<Long> echoedSeqs() {
        List<Long> seqs = new ArrayList<>();
        Queues.readAll(dir.resolve("out"), (TickOut) t -> seqs.add(t.seq));
        return seqs;
    }

    private static java.util.Optional<Map<String, Object>> readStatus(Path file) {
        try {
            return StatusFile.read(file);
        } catch (java.io.IOException e) {
            return java.util.Optional.empty(); // being replaced right now
        }
    }
}
