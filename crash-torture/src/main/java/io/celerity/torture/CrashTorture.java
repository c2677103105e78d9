package io.celerity.torture;

import io.celerity.examples.demo.DemoFiles;
import io.celerity.testhosts.Hosts;
import net.openhft.chronicle.core.io.IOTools;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;

/**
 * Kills the three-process OMS at random moments and checks that its answers are exactly those of an uninterrupted
 * run: nothing lost, nothing duplicated, nothing different. Seeded, so a failing trial can be run again.
 */
@Command(name = "crash-torture", mixinStandardHelpOptions = true,
        description = "SIGKILLs the services of the multi-process OMS at random and compares its answers with an "
                + "uninterrupted run.")
public final class CrashTorture implements Callable<Integer> {

    @Spec
    CommandSpec spec; // set by picocli: which options were given

    @Option(names = "--trials", description = "trials to run (default 100; 50 with --ha)")
    Integer trials;

    @Option(names = "--requests", defaultValue = "20000",
            description = "client requests per trial (default ${DEFAULT-VALUE})")
    int requests;

    @Option(names = "--max-kills", defaultValue = "3",
            description = "each trial kills 1 to this many times (default ${DEFAULT-VALUE})")
    int maxKills;

    @Option(names = "--snapshot-every", defaultValue = "2000",
            description = "the risk check and the order manager take a snapshot after this many inputs, so that kills "
                    + "land before, during and after snapshots (default ${DEFAULT-VALUE})")
    long snapshotEvery;

    @Option(names = "--seed", description = "seed of the kill plans (default: from the clock, printed)")
    Long seed;

    @Option(names = "--service-jvm-options", defaultValue = "-XX:TieredStopAtLevel=1", split = " ",
            description = "JVM options of the service processes besides Chronicle's flags; the default (C1 only) "
                    + "halves their start-up on a small machine (default ${DEFAULT-VALUE})")
    List<String> serviceJvmOptions;

    @Option(names = "--hosts", description = "torture the OMS over three hosts instead (examples' "
            + "oms/hosts/services.yaml), each host its own process in its own network namespace: kill -9 of the source "
            + "host, of a sink host, a link cut for 0.5-3 s, while the clients send; --max-kills bounds the faults")
    boolean hosts;

    @Option(names = "--ha", description = "torture the OMS over three hosts with its order manager highly available "
            + "instead (examples' oms/ha/services.yaml: primary c, standby b, an Aeron Cluster of a, b and c): "
            + "kill -9, SIGSTOP or a link cut of the current primary while the clients send, sometimes twice; "
            + "measures failover")
    boolean ha;

    @Option(names = "--fix-ha", description = "torture the highly available FIX gateway instead (examples' "
            + "oms/fix-ha/services.yaml: gateway primary a, standby b, the services on c, a QuickFIX/J client on a "
            + "fourth host): kill -9, SIGSTOP or a link cut of the gateway's primary while the client sends; "
            + "measures the takeover (--requests defaults to 2000, --rate to 200)")
    boolean fixHa;

    @Option(names = "--rate", defaultValue = "1000",
            description = "with --hosts or --ha: requests the clients send per second (default ${DEFAULT-VALUE})")
    int rate;

    @Option(names = "--dir", defaultValue = "data/crash-torture",
            description = "working directory, cleared first (default ${DEFAULT-VALUE})")
    Path dir;

    public static void main(String[] args) {
        System.exit(new CommandLine(new CrashTorture()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (fixHa)
            return runFixHa(System.out).failed() == 0 ? 0 : 1;
        if (ha)
            return runHa(System.out).totals().failed() == 0 ? 0 : 1;
        return hosts ? runHosts(System.out).totals().failed() == 0 ? 0 : 1 : run(System.out).clean() ? 0 : 1;
    }

    /** The torture of the highly available OMS: the reference, then one trial per random fault plan. */
    HaTorture.Summary runHa(PrintStream out) throws Exception {
        if (trials == null)
            trials = 50;
        check();
        if (rate < 1)
            throw new CommandLine.ParameterException(new CommandLine(this), "expected --rate of at least 1");
        long actualSeed = seed != null ? seed : System.nanoTime();
        Random random = new Random(actualSeed);
        HaTorture torture = new HaTorture(requests, rate, snapshotEvery, serviceJvmOptions);
        Path root = DemoFiles.dataDirectory(dir, true);
        try (Hosts hostSet = Hosts.create(OmsHostsDeployment.HOSTS.toArray(String[]::new))) {
            List<List<HaFault>> plans = new ArrayList<>();
            for (int t = 0; t < trials; t++)
                plans.add(torture.randomFaults(random, HaTorture.kinds(hostSet)));
            return torture.run(root, hostSet, plans, actualSeed, out);
        }
    }

    /** The torture of the highly available FIX gateway: the references, then one trial per random fault. */
    FixHaTorture.Summary runFixHa(PrintStream out) throws Exception {
        if (trials == null)
            trials = 50;
        if (!given("--requests"))
            requests = 2_000;
        if (!given("--rate"))
            rate = 200;
        check();
        long actualSeed = seed != null ? seed : System.nanoTime();
        Random random = new Random(actualSeed);
        FixHaTorture torture = new FixHaTorture(requests, rate, serviceJvmOptions);
        Path root = DemoFiles.dataDirectory(dir, true);
        List<String> names = new ArrayList<>(FixHaDeployment.HOSTS);
        names.add(FixHaDeployment.CLIENT_HOST);
        try (Hosts hostSet = Hosts.create(names.toArray(String[]::new))) {
            List<HaFault> faults = new ArrayList<>();
            for (int t = 0; t < trials; t++)
                faults.add(torture.randomFault(random, FixHaTorture.kinds(hostSet)));
            return torture.run(root, hostSet, faults, actualSeed, out);
        }
    }

    /** The torture over three hosts: the reference, then one trial per random fault plan. */
    HostsTorture.Summary runHosts(PrintStream out) throws Exception {
        check();
        if (rate < 1)
            throw new CommandLine.ParameterException(new CommandLine(this), "expected --rate of at least 1");
        long actualSeed = seed != null ? seed : System.nanoTime();
        Random random = new Random(actualSeed);
        HostsTorture torture = new HostsTorture(requests, rate, maxKills, snapshotEvery, serviceJvmOptions);
        List<List<Fault>> plans = new ArrayList<>();
        for (int t = 0; t < trials; t++)
            plans.add(torture.randomFaults(random));
        return torture.run(DemoFiles.dataDirectory(dir, true), plans, actualSeed, out);
    }

    private boolean given(String option) {
        return spec != null && spec.commandLine().getParseResult() != null
                && spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    private void check() {
        if (trials == null)
            trials = 100;
        if (requests < 10 || trials < 1 || maxKills < 1 || snapshotEvery < 1)
            throw new CommandLine.ParameterException(new CommandLine(this),
                    "expected --requests of at least 10, and --trials, --max-kills and --snapshot-every of at least 1");
    }

    /** Runs the reference and every trial, printing a line for each and a summary; failing trials keep their files. */
    Summary run(PrintStream out) throws Exception {
        check();
        long actualSeed = seed != null ? seed : System.nanoTime();
        Random random = new Random(actualSeed);
        Path root = DemoFiles.dataDirectory(dir, true);
        out.printf("crash torture: %d trials of %,d requests, 1-%d SIGKILLs each, a snapshot every %,d inputs, service "
                + "JVM options %s, seed %d%n", trials, requests, maxKills, snapshotEvery, serviceJvmOptions, actualSeed);

        Trial.Result reference = Trial.run(root.resolve("reference"), requests, snapshotEvery, serviceJvmOptions,
                List.of(), null);
        if (!reference.clean() || reference.reports().total() != requests)
            throw new IllegalStateException("the uninterrupted reference run is not usable: " + reference.reports().total()
                    + " answers to " + requests + " requests, " + reference.problems() + "; see " + root.resolve("reference"));
        out.printf("reference: %,d answers, drained %,d ms after start, %,d ms in all%n", reference.reports().total(),
                reference.drainMillis(), reference.millis());
        IOTools.deleteDirWithFiles(root.resolve("reference").toFile());

        Summary summary = new Summary();
        for (int t = 1; t <= trials; t++) {
            List<Kill> kills = new ArrayList<>();
            int n = 1 + random.nextInt(maxKills);
            for (int k = 0; k < n; k++)
                kills.add(Kill.random(random, requests, reference.drainMillis(), snapshotEvery));
            Path trialDir = root.resolve("trial-" + t);
            Trial.Result result = Trial.run(trialDir, requests, snapshotEvery, serviceJvmOptions, kills,
                    reference.reports());
            summary.add(result);
            OmsReports.Difference d = result.difference();
            out.printf("trial %3d: %,6d answers, lost %d, duplicated %d, unexpected %d, %,6d ms%s; kills %s; "
                            + "snapshots cut short %d, restores from a snapshot %d%n", t, d.reports(), d.lost(),
                    d.duplicated(), d.unexpected(), result.millis(),
                    result.problems().isEmpty() ? "" : ", " + result.problems(), kills, result.cutShort(),
                    result.restores());
            if (result.clean())
                IOTools.deleteDirWithFiles(trialDir.toFile());
            else
                out.printf("           kept %s (queues and the processes' logs)%n", trialDir);
        }
        summary.print(out, actualSeed);
        return summary;
    }

    /** The totals over every trial. */
    static final class Summary {
        private int trials;
        private int failed;
        private final long[] killsByService = new long[OmsPipeline.SERVICES.size()];
        private final long[] killsByWhen = new long[Kill.When.values().length];
        private long cutShort;
        private long restores;
        private long lost;
        private long duplicated;
        private long unexpected;
        private final List<Long> millis = new ArrayList<>();

        void add(Trial.Result r) {
            trials++;
            if (!r.clean())
                failed++;
            r.kills().forEach(k -> {
                killsByService[k.service()]++;
                killsByWhen[k.when().ordinal()]++;
            });
            cutShort += r.cutShort();
            restores += r.restores();
            lost += r.difference().lost();
            duplicated += r.difference().duplicated();
            unexpected += r.difference().unexpected();
            millis.add(r.millis());
        }

        boolean clean() {
            return failed == 0;
        }

        long lost() {
            return lost;
        }

        long duplicated() {
            return duplicated;
        }

        long unexpected() {
            return unexpected;
        }

        long cutShort() {
            return cutShort;
        }

        long restores() {
            return restores;
        }

        int failed() {
            return failed;
        }

        void print(PrintStream out, long seed) {
            long[] sorted = millis.stream().mapToLong(Long::longValue).sorted().toArray();
            out.printf("%nsummary: %d trials, %d failed; kills %s (%s); snapshots cut short by a kill %d, restores "
                            + "from a snapshot %d; lost %d, duplicated %d, unexpected %d; trial time median %,d ms, "
                            + "max %,d ms; seed %d%n", trials, failed, kills(), killKinds(), cutShort, restores, lost,
                    duplicated, unexpected, sorted[sorted.length / 2], sorted[sorted.length - 1], seed);
        }

        private String killKinds() {
            StringBuilder s = new StringBuilder();
            for (Kill.When when : Kill.When.values())
                s.append(when.ordinal() == 0 ? "" : ", ").append(killsByWhen[when.ordinal()]).append(' ')
                        .append(when.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            return s.toString();
        }

        private String kills() {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < killsByService.length; i++)
                s.append(i == 0 ? "" : ", ").append(OmsPipeline.SERVICES.get(i)).append(' ').append(killsByService[i]);
            return s.toString();
        }
    }
}
