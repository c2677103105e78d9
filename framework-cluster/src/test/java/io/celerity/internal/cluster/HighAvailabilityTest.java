package io.celerity.internal.cluster;

import io.celerity.fixtures.AvailableDeployment;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.SnapshottingCounter;
import io.celerity.internal.operations.StatusFile;
import io.celerity.internal.replication.HighAvailabilityStatusFile;
import io.celerity.internal.replication.HostRuns;
import io.celerity.internal.replication.PacedTickSource;
import io.celerity.testhosts.Host;
import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.LongStream;

import static io.celerity.internal.replication.HostRuns.LIVENESS;
import static io.celerity.internal.replication.HostRuns.awaitDocuments;
import static io.celerity.internal.replication.HostRuns.documents;
import static io.celerity.internal.replication.HostRuns.tail;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A highly available counter over three hosts, each its own process: ticks written on a, counted on c (the primary)
 * or b (its standby), the counts copied to a. The primary is killed -9, paused, or cut off mid-stream: the standby
 * takes over from its warm state, and a holds every count once, in order, with no gap; the old primary, back, is
 * fenced (it writes nothing more, stops by itself) and rejoins as the standby.
 */
class HighAvailabilityTest {

    private static final int TICKS = 20_000;
    private static final int PER_SECOND = 4_000; // five seconds of ticks: the fault lands while they flow
    private static final Pattern TOOK_OVER = Pattern.compile("counter: took over as primary");

    @TempDir
    Path dir;

    @Test
    void theStandbyTakesOverFromAKilledPrimaryAndEveryTickIsCountedOnce() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b", "c")) {
            Deployment d = new Deployment(hosts);
            awaitDocuments(d.home("a").resolve("q/out"), TICKS / 5);
            Roles r = d.rolesAtTheFault();
            d.process(r.primary()).kill9();
            d.awaitTakeoverBy(r.standby());
            d.start(r.primary()); // back as the standby
            d.assertEveryTickCountedOnceOnA(r.standby());
        }
    }

    @Test
    void aPausedPrimaryIsFencedWhenItWakesAndRejoinsAsTheStandby() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b", "c")) {
            Deployment d = new Deployment(hosts);
            awaitDocuments(d.home("a").resolve("q/out"), TICKS / 5);
            Roles r = d.rolesAtTheFault();
            HostProcess oldPrimary = d.process(r.primary());
            oldPrimary.stop();
            d.awaitTakeoverBy(r.standby());
            long countedOnOldPrimary = documents(d.home(r.primary()).resolve("q/out"));
            oldPrimary.cont();
            d.awaitStoppedAsDeposed(r.primary(), r.standby());
            assertTrue(documents(d.home(r.primary()).resolve("q/out")) <= countedOnOldPrimary + 1,
                    "a deposed primary writes at most the output in hand when it was paused");
            d.start(r.primary());
            d.assertEveryTickCountedOnceOnA(r.standby());
        }
    }

    @Test
    void aPrimaryCutOffIsReplacedAndFencedWhenItsLinkReturns() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b", "c")) {
            assumeTrue(hosts.isolated(), "no network namespaces on this machine: a link cannot be cut, so not tested");
            Deployment d = new Deployment(hosts);
            awaitDocuments(d.home("a").resolve("q/out"), TICKS / 5);
            Roles r = d.rolesAtTheFault();
            hosts.host(r.primary()).linkDown();
            d.awaitTakeoverBy(r.standby());
            d.process(r.primary()).awaitLine(
                    Pattern.compile("majority is unreachable or electing, so this host must not write"),
                    LIVENESS); // cut off from the majority, it stops on its own and says why
            hosts.host(r.primary()).linkUp();
            d.awaitStoppedAsDeposed(r.primary(), r.standby());
            d.start(r.primary());
            d.assertEveryTickCountedOnceOnA(r.standby());
        }
    }

    /** Which of b and c holds the counter's lease when a test's fault comes, and which stands by to take it over. */
    private record Roles(String primary, String standby) {
    }

    /** The three hosts, each with the same services.yaml in a directory of its own, all started. */
    private final class Deployment {

        private final Hosts hosts;
        private final Map<String, HostProcess> processes = new java.util.HashMap<>();

        Deployment(Hosts hosts) throws Exception {
            this.hosts = hosts;
            for (String h : List.of("a", "b", "c"))
                deploy(h);
            start("b"); // the standby first: the primary's counts flow to it from the start
            start("c");
            process("c").awaitLine(TOOK_OVER, LIVENESS); // the cluster granted the first lease to the primary
            // Only a standby the cluster confirmed eligible (caught up) may take over: a fault before would wait for c.
            process("c").awaitLine(Pattern.compile("candidate b confirmed eligible by the cluster"), LIVENESS);
            start("a");
        }

        Path home(String host) {
            return dir.resolve(host);
        }

        HostProcess process(String host) {
            return processes.get(host);
        }

        /**
         * The primary and its standby for the fault: c and b as deployed; or, when c, starved on a busy machine, lost
         * its lease to b before the fault (the cluster moves a 300 ms lease as it would for a real fault), b and c once
         * c, deposed, has stopped by itself and is back as a standby the cluster confirmed eligible.
         */
        Roles rolesAtTheFault() throws Exception {
            if (isStillPrimary("c"))
                return new Roles("c", "b");
            awaitTakeoverBy("b");
            awaitStoppedAsDeposed("c", "b");
            int seen = process("b").logText().length();
            start("c");
            Pattern eligible = Pattern.compile("candidate c confirmed eligible by the cluster");
            long deadline = System.nanoTime() + LIVENESS.toNanos();
            while (!eligible.matcher(process("b").logText().substring(seen)).find()) {
                if (System.nanoTime() > deadline)
                    throw new AssertionError("c, back after losing its lease early, was never confirmed eligible\n"
                            + leaseLines());
                Thread.sleep(50);
            }
            if (!isStillPrimary("b"))
                throw new AssertionError("the lease moved again before the fault\n" + leaseLines());
            return new Roles("b", "c");
        }

        /** Whether {@code host} runs and no other host has taken over from it. */
        private boolean isStillPrimary(String host) {
            return process(host).isAlive() && processes.values().stream().noneMatch(p -> p != process(host)
                    && TOOK_OVER.matcher(p.logText()).find());
        }

        /** Waits for {@code host} to take over; if it does not, fails with every host's log. */
        void awaitTakeoverBy(String host) throws Exception {
            try {
                process(host).awaitLine(TOOK_OVER, LIVENESS);
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\n" + leaseLines(), e);
            }
        }

        /**
         * Waits for {@code host} to stop by itself, deposed by {@code holder}: its last status says so whichever of
         * its loops learnt it first (the service's output or its copy's replication, which word it differently).
         */
        void awaitStoppedAsDeposed(String host, String holder) throws Exception {
            process(host).awaitExit(LIVENESS);
            Map<String, Object> ha = haStatus(host);
            assertEquals("stopped", ha.get("state"), "its last status, written as it stopped: " + ha);
            Map<?, ?> counter = counterStatus(ha);
            assertEquals("deposed", counter.get("role"), ha.toString());
            Map<String, Object> service = StatusFile.read(home(host).resolve("q/out/celerity-counter.status.yaml"))
                    .orElseThrow();
            assertEquals("stopped", service.get("state"), service.toString());
            assertNotNull(service.get("reason"), "a host that stops by itself says why: " + service);
            long deposedToken = ((Number) counter.get("token")).longValue();
            long deadline = System.nanoTime() + LIVENESS.toNanos();
            // the holder's status is rewritten every second: wait for the one that shows its takeover
            while (true) {
                Map<?, ?> held = counterStatus(haStatus(holder));
                if ("primary".equals(held.get("role")) && ((Number) held.get("token")).longValue() > deposedToken)
                    return;
                if (System.nanoTime() > deadline)
                    throw new AssertionError("host " + holder + " does not show the lease after " + host + "'s token "
                            + deposedToken + ": " + haStatus(holder) + "\n" + leaseLines());
                Thread.sleep(50);
            }
        }

        private Map<String, Object> haStatus(String host) throws IOException {
            Path file = home(host).resolve("cluster").resolve("celerity-ha-" + host + ".status.yaml");
            return HighAvailabilityStatusFile.read(file).orElseThrow(() -> new AssertionError("no " + file));
        }

        private static Map<?, ?> counterStatus(Map<String, Object> ha) {
            return (Map<?, ?>) ((Map<?, ?>) ha.get("services")).get("counter");
        }

        /** Each host's lines about leases, eligibility and takeovers, and the end of its log. */
        String leaseLines() {
            StringBuilder logs = new StringBuilder();
            processes.forEach((h, p) -> logs.append("\nhost ").append(h).append(", leases and eligibility:\n")
                    .append(p.logText().lines().filter(l -> l.contains("eligib") || l.contains("lease")
                            || l.contains("took over") || l.contains("stopping")).limit(60)
                            .collect(java.util.stream.Collectors.joining("\n")))
                    .append("\nhost ").append(h).append(", the end of its log:\n").append(tail(p)));
            return logs.toString();
        }

        void start(String host) throws Exception {
            processes.put(host, HostRuns.start(hosts.host(host), home(host)));
        }

        private void deploy(String host) throws IOException {
            Path home = Files.createDirectories(home(host));
            AvailableDeployment deployment = AvailableDeployment.of("counter", SnapshottingCounter.class)
                    .serviceKeys("rebuildState: REPLAY_OUTPUTS").clusterPort(40600).queuesUnder("q")
                    .then("agents:\n  source: { implClass: " + PacedTickSource.class.getName() + ", output: ticks, "
                            + "settings: { count: " + TICKS + ", perSecond: " + PER_SECOND + " } }\n");
            int port = 40111;
            for (String h : List.of("a", "b", "c"))
                deployment.host(h, hosts.host(h).address(), port++);
            Files.writeString(home.resolve("services.yaml"), deployment.yaml());
        }

        /**
         * Every tick counted once on a, in order, with no gap: a warm standby counts on from the primary's count.
         * {@code primary} is the host that holds the lease at the end.
         */
        void assertEveryTickCountedOnceOnA(String primary) throws Exception {
            try {
                awaitDocuments(home("a").resolve("q/out"), TICKS);
            } catch (AssertionError e) {
                StringBuilder logs = new StringBuilder(e.getMessage());
                processes.forEach((h, p) -> logs.append("\nhost ").append(h).append(":\n").append(tail(p)));
                throw new AssertionError(logs.toString(), e);
            }
            // a's copy caught up with the primary's own queue, which answered the last tick: a duplicate is in both
            long deadline = System.nanoTime() + LIVENESS.toNanos();
            while (documents(home(primary).resolve("q/out")) != documents(home("a").resolve("q/out"))) {
                if (System.nanoTime() > deadline)
                    throw new AssertionError("host a's copy of out never matched host " + primary + "'s");
                Thread.sleep(50);
            }
            Map<Long, List<Long>> counts = Queues.tickValuesPerStream(home("a").resolve("q/out"));
            assertEquals(1, counts.size(), "one stream of ticks");
            List<Long> values = counts.values().iterator().next();
            assertEquals(LongStream.rangeClosed(1, TICKS).boxed().toList(), values,
                    "each tick counted once, in order: no gap, no duplicate");
        }
    }
}
