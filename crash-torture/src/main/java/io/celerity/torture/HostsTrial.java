package io.celerity.torture;

import io.celerity.testhosts.Hosts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One run of the OMS over three hosts: the clients send the requests at a steady rate while the faults land, a killed
 * host is started again, everything drains, then the answers on host a are compared with an uninterrupted run's and
 * every replica with its source.
 */
final class HostsTrial {

    // Liveness, not speed: catches a stuck deployment. The single-host torture's reference run took 112 s to drain
    // 2,000 requests with a load average of 44 on the 2-core machine.
    private static final long DRAIN_TIMEOUT_MILLIS = 600_000;
    // Half the deployment's writeFailureTimeout (2 min): a stalled service's host still runs, to be dumped.
    private static final long STUCK_MILLIS = 60_000;

    private HostsTrial() {
    }

    /**
     * @param hosts     the three hosts, namespaces where possible; their processes are ended when the trial ends
     * @param reference the answers of an uninterrupted run, or null for that run itself
     */
    static Result run(Path dir, Hosts hosts, int requests, int perSecond, long snapshotEvery, List<String> jvmOptions,
                      List<Fault> faults, OmsReports reference) throws IOException, InterruptedException {
        long start = System.nanoTime();
        OmsHostsDeployment deployment = OmsHostsDeployment.create(dir, hosts, requests, snapshotEvery);
        List<String> problems = new ArrayList<>();
        List<Fault> injected = new ArrayList<>();
        try (OmsHosts oms = new OmsHosts(hosts, deployment, jvmOptions)) {
            oms.startAll();
            try (RequestFeed feed = RequestFeed.start(deployment.queue(OmsHostsDeployment.ENTRY, "orders"), requests,
                    perSecond)) {
                for (Fault fault : faults) {
                    if (!sleep(fault.afterMillis(), oms))
                        break;
                    if (inject(fault, hosts, oms))
                        injected.add(fault);
                }
                feed.await();
            }
            long drainStart = System.nanoTime();
            String threadDumps = "";
            // Not drained by then: dumped while every host still runs, before a service waiting for its replicas gives
            // up (writeFailureTimeout) and stops its host; the trial still waits, and fails only if it never drains.
            if (!await(oms, STUCK_MILLIS) && oms.unexpectedExit() == null)
                threadDumps = oms.threadDumps();
            if (!await(oms, DRAIN_TIMEOUT_MILLIS - STUCK_MILLIS)) {
                problems.add(oms.unexpectedExit() != null ? oms.unexpectedExit()
                        : "not drained after " + DRAIN_TIMEOUT_MILLIS / 1000 + " s");
                if (threadDumps.isEmpty())
                    threadDumps = oms.threadDumps(); // what the hosts still alive are doing, before they are stopped
            }
            long drainMillis = (System.nanoTime() - drainStart) / 1_000_000;
            if (oms.unexpectedExit() == null)
                problems.addAll(oms.stopAll());
            OmsReports reports = OmsReports.read(deployment.queue(OmsHostsDeployment.ENTRY, "reports"));
            OmsReports.Difference difference = reference == null ? null : reference.compare(reports);
            return new Result(injected, reports, difference, oms.diverged(), problems, threadDumps, drainMillis,
                    (System.nanoTime() - start) / 1_000_000);
        }
    }

    /** Injects a fault; false when it cannot be (a link cut on the loopback fallback, which has no link per host). */
    private static boolean inject(Fault fault, Hosts hosts, OmsHosts oms) throws IOException, InterruptedException {
        switch (fault.kind()) {
            case KILL_SOURCE, KILL_SINK -> oms.killAndRestart(fault.host());
            case LINK_DOWN -> {
                if (!hosts.isolated())
                    return false;
                hosts.host(fault.host()).linkDown();
                try {
                    Thread.sleep(fault.downMillis());
                } finally {
                    hosts.host(fault.host()).linkUp();
                }
            }
        }
        return true;
    }

    /** Sleeps, unless a host stops by itself meanwhile: then false at once. */
    private static boolean sleep(long millis, OmsHosts oms) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < deadline) {
            if (oms.unexpectedExit() != null)
                return false;
            Thread.sleep(Math.min(10, millis));
        }
        return oms.unexpectedExit() == null;
    }

    /** Polls every 10 ms until drained; false after {@code millis}, or at once when a host has stopped by itself. */
    private static boolean await(OmsHosts oms, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (!oms.drained()) {
            if (System.nanoTime() > deadline || oms.unexpectedExit() != null)
                return false;
            Thread.sleep(10);
        }
        return true;
    }

    /**
     * What one trial did and found.
     *
     * @param faults      the faults injected (a link cut is not, on the loopback fallback)
     * @param difference  its answers on host a against the reference; null for the reference run itself
     * @param diverged    replicas that differ from their source, each with where
     * @param problems    anything else: never drained, a host that stopped by itself or did not stop cleanly
     * @param threadDumps for a trial that never drained, which hosts' threads were dumped where; "" otherwise
     * @param drainMillis from the last request sent until every service had answered and every replica caught up, and
     *                    all stayed so for OmsHosts.SETTLE
     */
    record Result(List<Fault> faults, OmsReports reports, OmsReports.Difference difference, List<String> diverged,
                  List<String> problems, String threadDumps, long drainMillis, long millis) {
        boolean clean() {
            return problems.isEmpty() && diverged.isEmpty() && (difference == null || difference.clean());
        }
    }
}
