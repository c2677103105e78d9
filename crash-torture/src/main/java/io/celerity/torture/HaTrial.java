package io.celerity.torture;

import io.celerity.testhosts.Hosts;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * One run of the OMS over three hosts with its order manager highly available: the clients send at a steady rate, each
 * fault lands on whichever host is the order manager's primary then, any host that stops by itself (a deposed
 * primary) is started again as a supervisor would, everything drains; then the answers on host a are compared with an
 * uninterrupted run's, every copy with its source, and the pause in the writing of the answers around each fault is
 * measured from their message history.
 */
final class HaTrial {

    // Liveness, not speed: each catches a stuck deployment on a machine far busier than its 2 cores.
    private static final long DRAIN_TIMEOUT_MILLIS = 600_000;
    private static final long READY_TIMEOUT_MILLIS = 300_000;
    /** How long after a fault is over a takeover may still come before the fault counts as one that took none. */
    private static final long TAKEOVER_WAIT_MILLIS = 30_000;
    /**
     * Before a second fault, once the standby stands by and holds every answer: time for the cluster's members to
     * follow the term again (a member that was away follows about 2 s after it is back, docs/cluster.adoc).
     */
    private static final long SETTLE_MILLIS = 3_000;
    private static final long POLL_MILLIS = 10;
    private static final Consumer<String> QUIET = line -> {
    };

    private final Hosts hosts;
    private final OmsHostsDeployment deployment;
    private final OmsHosts oms;
    private final PrimaryWatch watch = new PrimaryWatch(OmsHostsDeployment.HA_SERVICE, "reports");
    private final List<String> selfStops = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private String threadDumps = "";

    private final Consumer<String> progress;
    private long nextProgressNanos;

    private HaTrial(Hosts hosts, OmsHostsDeployment deployment, OmsHosts oms, Consumer<String> progress) {
        this.hosts = hosts;
        this.deployment = deployment;
        this.oms = oms;
        this.progress = progress;
    }

    /**
     * @param hosts     the three hosts, namespaces where possible; their processes are ended when the trial ends
     * @param reference the answers of an uninterrupted run, or null for that run itself
     */
    static Result run(Path dir, Hosts hosts, int requests, int perSecond, long snapshotEvery, List<String> jvmOptions,
                      List<HaFault> faults, OmsReports reference) throws IOException, InterruptedException {
        return run(dir, hosts, requests, perSecond, snapshotEvery, jvmOptions, faults, reference, QUIET);
    }

    /** As above, telling {@code progress} each fault, each takeover and, every second, each copy's progress. */
    static Result run(Path dir, Hosts hosts, int requests, int perSecond, long snapshotEvery, List<String> jvmOptions,
                      List<HaFault> faults, OmsReports reference, Consumer<String> progress)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        OmsHostsDeployment deployment = OmsHostsDeployment.createHa(dir, hosts, requests, snapshotEvery);
        try (OmsHosts oms = new OmsHosts(hosts, deployment, jvmOptions)) {
            return new HaTrial(hosts, deployment, oms, progress).run(requests, perSecond, faults, reference, start);
        }
    }

    private Result run(int requests, int perSecond, List<HaFault> faults, OmsReports reference, long start)
            throws IOException, InterruptedException {
        List<Failover> failovers = new ArrayList<>();
        oms.startAll();
        String firstPrimary = null;
        if (!awaitReady(0))
            problem("no primary with a standby ready " + READY_TIMEOUT_MILLIS / 1000 + " s after the start");
        else {
            firstPrimary = watch.primary();
            try (RequestFeed feed = RequestFeed.start(deployment.queue(OmsHostsDeployment.ENTRY, "orders"), requests,
                    perSecond)) {
                for (HaFault fault : faults) {
                    supervise(fault.afterMillis());
                    if (!failovers.isEmpty() && !awaitReady(SETTLE_MILLIS)) {
                        problem("no standby ready " + READY_TIMEOUT_MILLIS / 1000 + " s after " + failovers);
                        break;
                    }
                    if (feed.done())
                        break; // every request sent: no answer would show the fault
                    failovers.add(apply(fault));
                }
                while (!feed.done())
                    supervise(POLL_MILLIS);
                feed.await();
            }
        }
        long drainStart = System.nanoTime();
        if (!drain())
            problem("not drained after " + DRAIN_TIMEOUT_MILLIS / 1000 + " s");
        long drainMillis = (System.nanoTime() - drainStart) / 1_000_000;
        problems.addAll(oms.stopAll());
        Path reportsOnA = deployment.queue(OmsHostsDeployment.ENTRY, "reports");
        OmsReports reports = OmsReports.read(reportsOnA);
        OutputTimes times = OutputTimes.read(reportsOnA);
        failovers.replaceAll(f -> f.measured(times));
        return new Result(firstPrimary, failovers, reports, reference == null ? null : reference.compare(reports),
                oms.diverged(), movedAside(), List.copyOf(selfStops), problems, threadDumps, drainMillis,
                (System.nanoTime() - start) / 1_000_000);
    }

    // The first problem is when the trial is found stuck: what the hosts still alive are doing then, before it goes on.
    private void problem(String problem) throws InterruptedException {
        if (problems.isEmpty())
            threadDumps = oms.threadDumps();
        problems.add(problem);
    }

    /** Applies the fault to the current primary; returns once another host took over, or it is clear none will. */
    private Failover apply(HaFault fault) throws IOException, InterruptedException {
        if (fault.kind() == HaFault.Kind.UPGRADE)
            return upgrade(fault);
        String victim = watch.primary();
        progress.accept(fault.kind().label() + " of the primary, host " + victim);
        long faultNanos = System.nanoTime();
        switch (fault.kind()) {
            case KILL -> {
                oms.kill(victim);
                oms.restart(victim); // as a supervisor would, at once
            }
            case STOP -> during(fault.downMillis(), oms.process(victim)::stop, oms.process(victim)::cont);
            case CUT -> during(fault.downMillis(), hosts.host(victim)::linkDown, hosts.host(victim)::linkUp);
            default -> throw new IllegalArgumentException(fault.toString());
        }
        long overNanos = System.nanoTime();
        long deadline = overNanos + TAKEOVER_WAIT_MILLIS * 1_000_000;
        while (watch.after(faultNanos) == null && System.nanoTime() - deadline < 0)
            supervise(POLL_MILLIS);
        Failover failover = new Failover(fault, victim, faultNanos, overNanos, watch.after(faultNanos), -1, null);
        progress.accept(failover.toString());
        return failover;
    }

    /**
     * The documented rolling upgrade (docs/user-guide.adoc, "Message versions"): the standby first; once it stands by
     * again, the primary is stopped, the upgraded standby takes its lease over and the old primary starts again
     * upgraded; then the entry host. A standby that refuses the release is started again on the running one, and
     * the upgrade stops there.
     */
    private Failover upgrade(HaFault fault) throws IOException, InterruptedException {
        String primary = watch.primary();
        String standby = candidates().stream().filter(h -> !h.equals(primary)).findFirst().orElseThrow();
        progress.accept("rolling upgrade to " + fault.release() + ": standby " + standby + " first");
        long startNanos = System.nanoTime();
        String refusal = oms.upgrade(standby, fault.release());
        if (refusal != null) {
            progress.accept("the standby refused the release: " + refusal + "; started again on the running release");
            oms.upgrade(standby, null);
            return new Failover(fault, primary, startNanos, System.nanoTime(), null, -1, refusal);
        }
        if (!awaitReady(SETTLE_MILLIS))
            return new Failover(fault, primary, startNanos, System.nanoTime(), null, -1, "the upgraded standby never "
                    + "stood by");
        long faultNanos = System.nanoTime();
        String primaryRefusal = oms.upgrade(primary, fault.release());
        long deadline = System.nanoTime() + TAKEOVER_WAIT_MILLIS * 1_000_000;
        while (watch.after(faultNanos) == null && System.nanoTime() - deadline < 0)
            supervise(POLL_MILLIS);
        Failover failover = new Failover(fault, primary, faultNanos, System.nanoTime(), watch.after(faultNanos), -1,
                primaryRefusal);
        progress.accept(failover.toString());
        if (primaryRefusal == null && awaitReady(SETTLE_MILLIS)) {
            String entryRefusal = oms.upgrade(OmsHostsDeployment.ENTRY, fault.release());
            if (entryRefusal != null)
                return new Failover(fault, primary, faultNanos, failover.overNanos(), failover.takeover(), -1,
                        "entry host: " + entryRefusal);
        }
        return failover;
    }

    /** Does {@code fault}, supervises for {@code millis}, then undoes it. */
    private void during(long millis, Step fault, Step undo) throws IOException, InterruptedException {
        fault.run();
        try {
            supervise(millis);
        } finally {
            undo.run();
        }
    }

    private interface Step {
        void run() throws IOException;
    }

    /**
     * Waits until a primary has taken over, every host runs, the other candidate stands by, the primary has seen the
     * cluster confirm it eligible, and it holds every answer the primary wrote; then {@code settleMillis} more. False after
     * {@link #READY_TIMEOUT_MILLIS}.
     */
    private boolean awaitReady(long settleMillis) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + READY_TIMEOUT_MILLIS * 1_000_000;
        while (!ready()) {
            if (System.nanoTime() - deadline > 0)
                return false;
            supervise(POLL_MILLIS);
        }
        supervise(settleMillis);
        return true;
    }

    private boolean ready() throws IOException, InterruptedException {
        oms.awaitStarted();
        String primary = watch.primary();
        if (primary == null || oms.starting())
            return false;
        String standby = candidates().stream().filter(h -> !h.equals(primary)).findFirst().orElseThrow();
        if (!watch.standingBy(standby) || !watch.declaredEligible(primary, standby))
            return false;
        long written = answers(primary); // first, so a standby that keeps up holds at least as many after
        return answers(standby) + 1 >= written; // the primary may have written one more: it waits for that one
    }

    /** The hosts that may be the order manager's primary: its output's configured host and its standby. */
    private List<String> candidates() {
        String primary = deployment.config().queues().get("reports").replication().source();
        return List.of(primary, deployment.config().services().get(OmsHostsDeployment.HA_SERVICE).standby());
    }

    private long answers(String host) {
        Path dir = deployment.queue(host, "reports");
        if (!Files.exists(dir.resolve("metadata.cq4t")))
            return 0; // a copy moved aside, not made again yet
        try (ChronicleQueue q = SingleChronicleQueueBuilder.binary(dir).readOnly(true).build()) {
            long last = q.lastIndex();
            return last < 0 ? 0 : q.rollCycle().toSequenceNumber(last) + 1;
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof NoSuchFileException)
                return 0; // moved aside while being opened
            throw e;
        }
    }

    /** Polls until drained, restarting what stops; false after {@link #DRAIN_TIMEOUT_MILLIS}. */
    private boolean drain() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + DRAIN_TIMEOUT_MILLIS * 1_000_000;
        while (true) {
            oms.awaitStarted();
            if (oms.drained())
                return true;
            if (System.nanoTime() - deadline > 0)
                return false;
            supervise(POLL_MILLIS);
        }
    }

    /** For {@code millis}: starts again any host whose process ended by itself, and follows the hosts' logs. */
    private void supervise(long millis) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        do {
            List<String> ended = oms.restartEnded();
            ended.forEach(e -> progress.accept(e + "; started again"));
            selfStops.addAll(ended);
            watch.poll(oms);
            if (progress != QUIET && System.nanoTime() - nextProgressNanos > 0) {
                nextProgressNanos = System.nanoTime() + 1_000_000_000L;
                progress.accept("primary " + watch.primary() + "; " + oms.progress());
            }
            Thread.sleep(Math.min(POLL_MILLIS, Math.max(1, millis)));
        } while (System.nanoTime() - deadline < 0);
    }

    // A deposed primary whose copy held answers the new primary never had moves it aside; it is not compared.
    private List<Path> movedAside() throws IOException {
        List<Path> aside = new ArrayList<>();
        for (String host : OmsHostsDeployment.HOSTS) {
            Path reports = deployment.queue(host, "reports");
            try (Stream<Path> files = Files.list(reports.getParent())) {
                files.filter(p -> p.getFileName().toString().startsWith(reports.getFileName() + ".diverged-"))
                        .forEach(aside::add);
            }
        }
        return aside;
    }

    /**
     * One fault and what followed.
     *
     * @param victim      the primary it hit
     * @param faultNanos  just before it was applied ({@link System#nanoTime()})
     * @param overNanos   once it was over: the kill done, the process continued, the link restored
     * @param takeover    the first takeover seen after it; null if none within {@link #TAKEOVER_WAIT_MILLIS}
     * @param pauseMillis the pause in the writing of the answers (on host a's copy) across the takeover: from the
     *                    last answer before it was logged to the first after (the longest pause within the log
     *                    time's error of it); without a takeover, the longest pause from the fault to its end; -1
     *                    until measured, or when no answer followed
     * @param refusal     for a rolling upgrade, why a host refused the release; null when none did
     */
    record Failover(HaFault fault, String victim, long faultNanos, long overNanos, PrimaryWatch.Takeover takeover,
                    long pauseMillis, String refusal) {

        // A log time is to the millisecond, mapped from the wall clock to System.nanoTime() once per trial.
        private static final long LOG_TIME_ERROR_NANOS = 2_000_000;

        /** Whether another host took over. */
        boolean tookOver() {
            return takeover != null && !takeover.host().equals(victim);
        }

        Failover measured(OutputTimes times) {
            long pause = takeover == null ? times.longestPauseNanos(faultNanos, overNanos)
                    : times.longestPauseNanos(Math.max(faultNanos, takeover.loggedNanos() - LOG_TIME_ERROR_NANOS),
                    takeover.loggedNanos() + LOG_TIME_ERROR_NANOS);
            return new Failover(fault, victim, faultNanos, overNanos, takeover, pause < 0 ? -1 : pause / 1_000_000,
                    refusal);
        }

        @Override
        public String toString() {
            String what = fault.kind() == HaFault.Kind.KILL ? "kill -9 of " + victim
                    : fault.kind() == HaFault.Kind.UPGRADE ? "rolling upgrade from primary " + victim
                    + (refusal == null ? "" : ", refused (" + refusal + ")")
                    : String.format("%s of %s for %,d ms", fault.kind().label(), victim, fault.downMillis());
            String then = takeover == null ? "no takeover" : takeover.host().equals(victim)
                    ? victim + " took over again" : takeover.host() + " took over";
            return what + ": " + then + (pauseMillis < 0 ? "" : String.format(", answers paused %,d ms", pauseMillis));
        }
    }

    /**
     * What one trial did and found.
     *
     * @param firstPrimary the host that took the order manager over first; null if none did
     * @param failovers    each fault applied, what followed and the pause it caused
     * @param difference   its answers on host a against the reference; null for the reference run itself
     * @param diverged     copies that differ from their source, each with where
     * @param movedAside   copies of the answers a deposed primary moved aside (not compared)
     * @param selfStops    hosts that stopped by themselves (and were started again), each with why
     * @param problems     anything else: never ready, never drained, a host that did not stop cleanly
     * @param threadDumps  for a trial found stuck (never ready, never drained), which hosts' threads were dumped
     *                     where; "" otherwise
     * @param drainMillis  from the last request sent until every service had answered and every copy caught up, and
     *                     all stayed so for OmsHosts.SETTLE
     */
    record Result(String firstPrimary, List<Failover> failovers, OmsReports reports, OmsReports.Difference difference,
                  List<String> diverged, List<Path> movedAside, List<String> selfStops, List<String> problems,
                  String threadDumps, long drainMillis, long millis) {
        boolean clean() {
            return problems.isEmpty() && diverged.isEmpty() && (difference == null || difference.clean());
        }
    }
}
