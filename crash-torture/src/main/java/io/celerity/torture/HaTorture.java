package io.celerity.torture;

import io.celerity.testhosts.Hosts;
import net.openhft.chronicle.core.io.IOTools;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Random;

/**
 * The crash torture of the highly available OMS ({@code --ha}): the OMS over three hosts with its order manager's
 * primary on c and its standby on b; each trial hits the current primary with a kill -9, a SIGSTOP or a link cut while
 * the clients send, and sometimes the new primary again later. Answers compared with an uninterrupted run's, every
 * copy with its source, and the failover timed from the answers' message history.
 */
final class HaTorture {

    private final int requests;
    private final int perSecond;
    private final long snapshotEvery;
    private final List<String> jvmOptions;

    HaTorture(int requests, int perSecond, long snapshotEvery, List<String> jvmOptions) {
        this.requests = requests;
        this.perSecond = perSecond;
        this.snapshotEvery = snapshotEvery;
        this.jvmOptions = jvmOptions;
    }

    /**
     * One or, in a third of the plans, two faults of {@code kinds}, each within its share of the sending time (the
     * second counted from when the standby is ready again).
     */
    List<HaFault> randomFaults(Random random, HaFault.Kind... kinds) {
        int n = random.nextInt(3) == 0 ? 2 : 1;
        long windowMillis = Math.max(1, requests * 1_000L / perSecond / (n + 1));
        List<HaFault> faults = new ArrayList<>();
        for (int f = 0; f < n; f++)
            faults.add(HaFault.random(random, windowMillis, kinds));
        return faults;
    }

    /** The kinds of fault these hosts allow: a link cut only between network namespaces. */
    static HaFault.Kind[] kinds(Hosts hosts) {
        return hosts.isolated() ? HaFault.Kind.FAULTS : new HaFault.Kind[]{HaFault.Kind.KILL, HaFault.Kind.STOP};
    }

    /**
     * Runs the reference and one trial per plan, printing a line for each and a summary; failing trials keep their
     * files (queues and each host's logs). {@code plans} is given the hosts, to draw plans only of faults they allow.
     */
    Summary run(Path root, Hosts hosts, List<List<HaFault>> plans, long seed, PrintStream out) throws Exception {
        out.printf("crash torture of the highly available OMS over hosts %s (%s): %d trials of %,d requests at %,d/s, "
                        + "1-2 faults each on the order manager's primary (%s), host JVM options %s, seed %d%n",
                OmsHostsDeployment.HOSTS, hosts.isolated() ? "each in its own network namespace"
                        : "no network namespaces: all on loopback, so no link is cut", plans.size(), requests,
                perSecond, kindNames(kinds(hosts)), jvmOptions, seed);
        HaTrial.Result reference = HaTrial.run(root.resolve("reference"), hosts, requests, perSecond, snapshotEvery,
                jvmOptions, List.of(), null);
        if (!reference.clean() || reference.reports().total() != requests)
            throw new IllegalStateException("the uninterrupted reference run is not usable: "
                    + reference.reports().total() + " answers to " + requests + " requests, " + reference.problems()
                    + ", diverged " + reference.diverged() + "; see " + root.resolve("reference"));
        out.printf("reference: %,d answers, first primary %s, drained %,d ms after the last request, %,d ms in all%n",
                reference.reports().total(), reference.firstPrimary(), reference.drainMillis(), reference.millis());
        IOTools.deleteDirWithFiles(root.resolve("reference").toFile());

        Summary summary = new Summary();
        for (int t = 1; t <= plans.size(); t++) {
            Path trialDir = root.resolve("trial-" + t);
            HaTrial.Result r = HaTrial.run(trialDir, hosts, requests, perSecond, snapshotEvery, jvmOptions,
                    plans.get(t - 1), reference.reports());
            summary.add(r);
            OmsReports.Difference d = r.difference();
            out.printf("trial %3d: %,6d answers, lost %d, duplicated %d, differing %d, diverged %d, moved aside %d, "
                            + "%,6d ms (drained in %,d); first primary %s; %s%s%n", t, d.reports(), d.lost(),
                    d.duplicated(), d.unexpected(), r.diverged().size(), r.movedAside().size(), r.millis(),
                    r.drainMillis(), r.firstPrimary(), r.failovers().isEmpty() ? "no fault applied" : r.failovers(),
                    r.problems().isEmpty() && r.diverged().isEmpty() ? "" : "; " + r.problems() + " " + r.diverged());
            if (!r.selfStops().isEmpty())
                out.printf("           stopped by themselves, started again: %s%n", r.selfStops());
            HostsTorture.keepIfFailed(r.clean(), trialDir, r.threadDumps(), out);
        }
        summary.print(out, seed);
        return summary;
    }

    private static String kindNames(HaFault.Kind[] kinds) {
        List<String> names = new ArrayList<>();
        for (HaFault.Kind k : kinds)
            names.add(k.label());
        return String.join(", ", names);
    }

    /** The totals over every trial. */
    static final class Summary {
        private final long[] faultsByKind = new long[HaFault.Kind.values().length];
        private final long[] takeoversByKind = new long[HaFault.Kind.values().length];
        private final List<Long> failoverMillis = new ArrayList<>();
        private final List<HaTrial.Failover> failovers = new ArrayList<>();
        private final Map<String, List<Long>> failoverMillisByVictim = new TreeMap<>();
        private final TrialTotals totals = new TrialTotals();
        private long movedAside;
        private long selfStops;

        void add(HaTrial.Result r) {
            totals.add(r.clean(), r.difference(), r.diverged().size());
            failovers.addAll(r.failovers());
            for (HaTrial.Failover f : r.failovers()) {
                faultsByKind[f.fault().kind().ordinal()]++;
                if (f.tookOver()) {
                    takeoversByKind[f.fault().kind().ordinal()]++;
                    if (f.pauseMillis() >= 0) {
                        failoverMillis.add(f.pauseMillis());
                        failoverMillisByVictim.computeIfAbsent(f.victim(), v -> new ArrayList<>()).add(f.pauseMillis());
                    }
                }
            }
            movedAside += r.movedAside().size();
            selfStops += r.selfStops().size();
        }

        long faults(HaFault.Kind kind) {
            return faultsByKind[kind.ordinal()];
        }

        long takeovers(HaFault.Kind kind) {
            return takeoversByKind[kind.ordinal()];
        }

        /** Every fault of every trial and what followed, in order. */
        List<HaTrial.Failover> failovers() {
            return List.copyOf(failovers);
        }

        TrialTotals totals() {
            return totals;
        }

        /** The failover times (ms) of the faults after which another host took over, in order. */
        List<Long> failoverMillis() {
            return List.copyOf(failoverMillis);
        }

        /** The {@code q} quantile (0 to 1) of the failover times, nearest rank; -1 when there are none. */
        long failoverQuantile(double q) {
            return quantile(failoverMillis, q);
        }

        private static long quantile(List<Long> millis, double q) {
            if (millis.isEmpty())
                return -1;
            long[] sorted = millis.stream().mapToLong(Long::longValue).sorted().toArray();
            return sorted[Math.max(0, (int) Math.ceil(q * sorted.length) - 1)];
        }

        void print(PrintStream out, long seed) {
            StringBuilder kinds = new StringBuilder();
            for (HaFault.Kind k : HaFault.Kind.values())
                kinds.append(kinds.length() == 0 ? "" : ", ").append(k.label()).append(' ')
                        .append(faults(k)).append(" (").append(takeovers(k)).append(" taken over)");
            // per host the fault hit: a host that also wrote the service's input would stop the input too
            StringBuilder byVictim = new StringBuilder();
            failoverMillisByVictim.forEach((victim, millis) -> byVictim.append(String.format("; from %s: %d, p50 %,d "
                    + "ms, max %,d ms", victim, millis.size(), quantile(millis, 0.5), quantile(millis, 1))));
            out.printf("%nsummary: %d trials, %d failed; faults on the primary: %s; lost %d, duplicated %d, "
                            + "differing %d, diverged copies %d, copies moved aside %d, hosts that stopped by "
                            + "themselves %d; failover (last answer of the old primary to the first of the new) over "
                            + "%d takeovers: p50 %,d ms, p99 %,d ms, max %,d ms%s; seed %d%n", totals.trials(),
                    totals.failed(), kinds, totals.lost(), totals.duplicated(), totals.differing(), totals.diverged(),
                    movedAside, selfStops, failoverMillis.size(), failoverQuantile(0.5), failoverQuantile(0.99),
                    failoverQuantile(1), byVictim, seed);
        }
    }
}
