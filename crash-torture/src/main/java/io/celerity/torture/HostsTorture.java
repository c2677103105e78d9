package io.celerity.torture;

import io.celerity.testhosts.Hosts;
import net.openhft.chronicle.core.io.IOTools;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The crash torture of the OMS over three hosts ({@code --hosts}): each host its own process in its own network
 * namespace, faults injected while the clients send; each trial's answers compared with an uninterrupted run's and
 * each replica with its source.
 */
final class HostsTorture {

    private final int requests;
    private final int perSecond;
    private final int maxFaults;
    private final long snapshotEvery;
    private final List<String> jvmOptions;

    HostsTorture(int requests, int perSecond, int maxFaults, long snapshotEvery, List<String> jvmOptions) {
        this.requests = requests;
        this.perSecond = perSecond;
        this.maxFaults = maxFaults;
        this.snapshotEvery = snapshotEvery;
        this.jvmOptions = jvmOptions;
    }

    /** The faults the clients' sending time allows: 1 to {@code maxFaults}, each at a random moment of it. */
    List<Fault> randomFaults(Random random) {
        List<Fault> faults = new ArrayList<>();
        int n = 1 + random.nextInt(maxFaults);
        long windowMillis = Math.max(1, requests * 1_000L / perSecond / n);
        for (int f = 0; f < n; f++)
            faults.add(Fault.random(random, windowMillis));
        return faults;
    }

    /**
     * Runs the reference and one trial per plan, printing a line for each and a summary; failing trials keep their
     * files (queues and each host's logs).
     */
    Summary run(Path root, List<List<Fault>> plans, long seed, PrintStream out) throws Exception {
        try (Hosts hosts = Hosts.create(OmsHostsDeployment.HOSTS.toArray(String[]::new))) {
            out.printf("crash torture over hosts %s (%s): %d trials of %,d requests at %,d/s, 1-%d faults each, a "
                            + "snapshot every %,d inputs, host JVM options %s, seed %d%n", OmsHostsDeployment.HOSTS,
                    hosts.isolated() ? "each in its own network namespace"
                            : "no network namespaces: all on loopback, so no link is cut", plans.size(), requests,
                    perSecond, maxFaults, snapshotEvery, jvmOptions, seed);
            HostsTrial.Result reference = HostsTrial.run(root.resolve("reference"), hosts, requests, perSecond,
                    snapshotEvery, jvmOptions, List.of(), null);
            if (!reference.clean() || reference.reports().total() != requests)
                throw new IllegalStateException("the uninterrupted reference run is not usable: "
                        + reference.reports().total() + " answers to " + requests + " requests, " + reference.problems()
                        + ", diverged " + reference.diverged() + "; see " + root.resolve("reference"));
            out.printf("reference: %,d answers, drained %,d ms after the last request, %,d ms in all%n",
                    reference.reports().total(), reference.drainMillis(), reference.millis());
            IOTools.deleteDirWithFiles(root.resolve("reference").toFile());

            Summary summary = new Summary(hosts.isolated());
            for (int t = 1; t <= plans.size(); t++) {
                Path trialDir = root.resolve("trial-" + t);
                HostsTrial.Result r = HostsTrial.run(trialDir, hosts, requests, perSecond, snapshotEvery, jvmOptions,
                        plans.get(t - 1), reference.reports());
                summary.add(r);
                OmsReports.Difference d = r.difference();
                out.printf("trial %3d: %,6d answers, lost %d, duplicated %d, differing %d, diverged %d, %,6d ms "
                                + "(drained in %,d)%s; faults %s%n", t, d.reports(), d.lost(), d.duplicated(),
                        d.unexpected(), r.diverged().size(), r.millis(), r.drainMillis(),
                        r.problems().isEmpty() && r.diverged().isEmpty() ? ""
                                : ", " + r.problems() + " " + r.diverged(), r.faults());
                keepIfFailed(r.clean(), trialDir, r.threadDumps(), out);
            }
            summary.print(out, seed);
            return summary;
        }
    }

    /**
     * Deletes a clean trial's files; keeps a failed one's (each host's queues and logs, and {@code threadDumps}: the
     * {@link ThreadDumps} line, or "" for none), saying where.
     */
    static void keepIfFailed(boolean clean, Path trialDir, String threadDumps, PrintStream out) {
        if (clean)
            IOTools.deleteDirWithFiles(trialDir.toFile());
        else
            out.printf("           kept %s (each host's queues and logs%s)%n", trialDir,
                    threadDumps.isEmpty() ? "" : "; " + threadDumps);
    }

    /** The totals over every trial. */
    static final class Summary {
        private final boolean isolated;
        private final long[] faultsByKind = new long[Fault.Kind.values().length];
        private final TrialTotals totals = new TrialTotals();
        private final List<Long> millis = new ArrayList<>();

        Summary(boolean isolated) {
            this.isolated = isolated;
        }

        void add(HostsTrial.Result r) {
            totals.add(r.clean(), r.difference(), r.diverged().size());
            r.faults().forEach(f -> faultsByKind[f.kind().ordinal()]++);
            millis.add(r.millis());
        }

        long faults(Fault.Kind kind) {
            return faultsByKind[kind.ordinal()];
        }

        TrialTotals totals() {
            return totals;
        }

        void print(PrintStream out, long seed) {
            long[] sorted = millis.stream().mapToLong(Long::longValue).sorted().toArray();
            out.printf("%nsummary: %d trials, %d failed; faults: kill -9 of the source host %d, of a sink host %d, "
                            + "link down %d%s; lost %d, duplicated %d, differing %d, diverged replicas %d; trial time "
                            + "median %,d ms, max %,d ms; seed %d%n", totals.trials(), totals.failed(),
                    faults(Fault.Kind.KILL_SOURCE), faults(Fault.Kind.KILL_SINK), faults(Fault.Kind.LINK_DOWN),
                    isolated ? "" : " (loopback: links cannot be cut)", totals.lost(), totals.duplicated(),
                    totals.differing(), totals.diverged(), sorted[sorted.length / 2], sorted[sorted.length - 1], seed);
        }
    }
}
