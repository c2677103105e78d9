package io.celerity.torture;

import io.celerity.testhosts.Hosts;
import net.openhft.chronicle.core.io.IOTools;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The crash torture of the highly available FIX gateway ({@code --fix-ha}): the OMS behind examples'
 * {@code oms/fix-ha/services.yaml} (gateway primary a, standby b, services on c, a QuickFIX/J client on a host of its
 * own); each trial hits the gateway's primary once with a kill -9, a SIGSTOP or a link cut while the client sends.
 * What the client received is compared with an uninterrupted run's: lost, sent twice as new, differing; and the time
 * from the fault to the standby's takeover, to the client's logon there and to the first answer after it.
 */
final class FixHaTorture {

    /** The goal for the standby taking the sessions over, from the fault, as for services. */
    static final long TAKEOVER_GOAL_MILLIS = 1_000;

    private final int requests;
    private final int perSecond;
    private final List<String> jvmOptions;

    FixHaTorture(int requests, int perSecond, List<String> jvmOptions) {
        this.requests = requests;
        this.perSecond = perSecond;
        this.jvmOptions = jvmOptions;
    }

    /** One fault of {@code kinds}, in the middle three fifths of the sending time. */
    HaFault randomFault(Random random, HaFault.Kind... kinds) {
        long sending = requests * 1_000L / perSecond;
        HaFault f = HaFault.random(random, Math.max(1, sending * 3 / 5), kinds);
        return new HaFault(f.kind(), sending / 5 + f.afterMillis(), f.downMillis());
    }

    /**
     * Runs the references (the gateway waiting for b before each report, and not) and one trial per fault, printing
     * a line for each and a summary; a failing trial keeps its files.
     */
    Summary run(Path root, Hosts hosts, List<HaFault> faults, long seed, PrintStream out) throws Exception {
        out.printf("crash torture of the highly available FIX gateway over hosts a (primary), b (standby), c (the "
                        + "services) and x (the QuickFIX/J client) (%s): %d trials of %,d requests at %,d/s, one fault "
                        + "each on the gateway's primary (%s), host JVM options %s, seed %d%n",
                hosts.isolated() ? "each in its own network namespace" : "no network namespaces: all on loopback, "
                        + "so no link is cut", faults.size(), requests, perSecond, labels(kinds(hosts)), jvmOptions, seed);
        FixHaTrial.Result reference = FixHaTrial.run(root.resolve("reference"), hosts, requests, perSecond,
                jvmOptions, null, out::println);
        FixHaTrial.Result unacknowledged = FixHaTrial.run(root.resolve("reference-0"), hosts, requests, perSecond,
                jvmOptions, null, 0, out::println);
        if (reference.answers().answers() < requests)
            throw new IllegalStateException("the uninterrupted reference run is not usable: "
                    + reference.answers().answers() + " answers to " + requests + " requests; see " + root);
        out.printf("reference: %,d answers; a request to its answer p50/p99/max %s us with replicasBeforeSend: 1, %s "
                        + "us with 0%n", reference.answers().answers(), micros(reference.answers().roundTripMicros),
                micros(unacknowledged.answers().roundTripMicros));
        IOTools.deleteDirWithFiles(root.resolve("reference-0").toFile());
        Summary summary = new Summary(reference.answers().roundTripMicros, unacknowledged.answers().roundTripMicros);
        for (int t = 1; t <= faults.size(); t++) {
            Path trialDir = root.resolve("trial-" + t);
            HaFault fault = faults.get(t - 1);
            FixHaTrial.Result r;
            try {
                r = FixHaTrial.run(trialDir, hosts, requests, perSecond, jvmOptions, fault, line -> {
                });
            } catch (FixHaTrial.DidNotEnd e) { // a trial that did not end: counted, kept, and the next one runs
                summary.stuck(e.getMessage());
                out.printf("trial %3d: %s: did not end: %s%n", t, fault, e.getMessage().lines().findFirst().orElse(""));
                HostsTorture.keepIfFailed(false, trialDir, e.threadDumps(), out);
                continue;
            }
            long[] diff = r.answers().compare(reference.answers());
            boolean clean = summary.add(fault, r, diff);
            out.printf("trial %3d: %s: %,d answers, lost %d, twice as new %d, differing %d, sent again %d, orders "
                            + "on the queue %,d; takeover %,d ms, client's logon %,d ms, first answer %,d ms after "
                            + "the fault%s%n", t, fault, r.answers().answers(), diff[0], r.answers().duplicatedAsNew,
                    diff[1] + r.answers().differing, r.answers().resent, r.ordersOnQueue(), r.takeoverMillis(),
                    r.logonMillis(), r.firstMessageMillis(), r.selfStops().isEmpty() ? ""
                            : "; stopped by themselves, started again: " + r.selfStops());
            // A takeover past the goal is kept too, for its logs: the cluster's and the gateway's say where it went.
            HostsTorture.keepIfFailed(clean && r.ordersOnQueue() == requests
                    && r.takeoverMillis() < TAKEOVER_GOAL_MILLIS, trialDir, "", out);
        }
        summary.print(out, seed);
        return summary;
    }

    static HaFault.Kind[] kinds(Hosts hosts) {
        return HaTorture.kinds(hosts);
    }

    private static List<String> labels(HaFault.Kind[] kinds) {
        List<String> labels = new ArrayList<>();
        for (HaFault.Kind k : kinds)
            labels.add(k.label());
        return labels;
    }

    private static String micros(long[] p) {
        return String.format("%,d/%,d/%,d", p[0], p[1], p[2]);
    }

    /** The totals over every trial. */
    static final class Summary {
        private final long[] withAcks;
        private final long[] withoutAcks;
        private final List<Long> takeovers = new ArrayList<>();
        private final List<Long> logons = new ArrayList<>();
        private final List<Long> firstAnswers = new ArrayList<>();
        private final List<Long> onNewSession = new ArrayList<>(); // from the client's logon to the first answer
        private final List<String> stuck = new ArrayList<>(); // trials that did not end, and why
        private long trials;
        private long failed;
        private long lost;
        private long twice;
        private long differing;
        private long resent;

        Summary(long[] withAcks, long[] withoutAcks) {
            this.withAcks = withAcks;
            this.withoutAcks = withoutAcks;
        }

        void stuck(String why) {
            trials++;
            failed++;
            stuck.add(why);
        }

        boolean add(HaFault fault, FixHaTrial.Result r, long[] diff) {
            trials++;
            lost += diff[0];
            twice += r.answers().duplicatedAsNew;
            differing += diff[1] + r.answers().differing;
            resent += r.answers().resent;
            takeovers.add(r.takeoverMillis());
            logons.add(r.logonMillis());
            firstAnswers.add(r.firstMessageMillis());
            onNewSession.add(r.firstMessageMillis() - r.logonMillis());
            boolean clean = diff[0] == 0 && diff[1] == 0 && r.answers().duplicatedAsNew == 0
                    && r.answers().differing == 0;
            if (!clean)
                failed++;
            return clean;
        }

        long failed() {
            return failed;
        }

        long lost() {
            return lost;
        }

        long twice() {
            return twice;
        }

        long differing() {
            return differing;
        }

        void print(PrintStream out, long seed) {
            if (!stuck.isEmpty())
                out.printf("trials that did not end: %d%n", stuck.size());
            out.printf("%d trials: %d failed; lost %d, sent twice as new %d, differing %d; %d answers sent again "
                    + "(PossResend, told apart by ExecID)%n", trials, failed, lost, twice, differing, resent);
            out.printf("from the fault, p50/p99/max ms: standby takes the session over %s; client logs on there %s "
                    + "(its 1 s heartbeat and reconnect interval included); first answer after that logon %s; from "
                    + "that logon to the first answer %s%n", percentiles(takeovers), percentiles(logons),
                    percentiles(firstAnswers), percentiles(onNewSession));
            out.printf("a request to its answer, no fault, p50/p99/max us: %s with replicasBeforeSend: 1, %s with 0; "
                    + "seed %d%n", micros(withAcks), micros(withoutAcks), seed);
        }

        private static String percentiles(List<Long> values) {
            if (values.isEmpty())
                return "-";
            List<Long> sorted = new ArrayList<>(values);
            Collections.sort(sorted);
            return String.format("%,d/%,d/%,d", at(sorted, 0.50), at(sorted, 0.99), sorted.get(sorted.size() - 1));
        }

        private static long at(List<Long> sorted, double percentile) {
            return sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(percentile * sorted.size()) - 1));
        }
    }
}
