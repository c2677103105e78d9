package io.celerity.benchmarks.durability;

import io.celerity.config.PauserType;
import io.celerity.config.StateRebuild;
import io.celerity.host.ServiceHost;
import net.openhft.chronicle.core.io.IOTools;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * How long the OMS's order manager takes to restart with its state rebuilt: by replaying its inputs or taking back its
 * outputs, each over its whole history or from a recent snapshot. Times {@code ServiceHost.start}, which returns once
 * the state is rebuilt and the inputs positioned, on histories of several lengths, in this JVM (JVM start-up aside).
 */
@Command(name = "restart-time", mixinStandardHelpOptions = true,
        description = "State rebuild time of the OMS order manager, with and without snapshots.")
public final class RestartTime implements Callable<Integer> {

    /** How a restart rebuilds the state. */
    enum Rebuild {
        NONE(StateRebuild.NONE, false),
        INPUTS(StateRebuild.REPLAY_INPUTS, false),
        OUTPUTS(StateRebuild.REPLAY_OUTPUTS, false),
        SNAPSHOT_AND_INPUTS(StateRebuild.REPLAY_INPUTS, true),
        SNAPSHOT_AND_OUTPUTS(StateRebuild.REPLAY_OUTPUTS, true);

        final StateRebuild policy;
        final boolean snapshot;

        Rebuild(StateRebuild policy, boolean snapshot) {
            this.policy = policy;
            this.snapshot = snapshot;
        }
    }

    @Option(names = "--dir", defaultValue = "/tmp/celerity-restart-time",
            description = "queue directory, cleared per history (default ${DEFAULT-VALUE})")
    Path dir;

    @Option(names = "--requests", split = ",", defaultValue = "100000,1000000",
            description = "history lengths, in requests (default ${DEFAULT-VALUE})")
    List<Integer> requests;

    @Option(names = "--flows", split = ",", defaultValue = "DEMO,CHURN",
            description = "DEMO: the demo client's mix, 70% of requests leave an order live; CHURN: orders opened "
                    + "and cancelled, --churn-live of them live at a time (default ${DEFAULT-VALUE})")
    List<RequestFlow> flows;

    @Option(names = "--churn-live", defaultValue = "50000",
            description = "live orders of the CHURN flow (default ${DEFAULT-VALUE})")
    long churnLive;

    @Option(names = "--after-snapshot", defaultValue = "1000",
            description = "requests answered after the snapshot (default ${DEFAULT-VALUE})")
    long afterSnapshot;

    @Option(names = "--warm-up-requests", defaultValue = "20000",
            description = "a history this long is restarted from first, every way, untimed: the generated readers "
                    + "are compiled and the JIT warmed (default ${DEFAULT-VALUE})")
    int warmUpRequests;

    @Option(names = "--runs", defaultValue = "3", description = "restarts timed per rebuild (default ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--rebuilds", split = ",", defaultValue = "NONE,INPUTS,OUTPUTS,SNAPSHOT_AND_INPUTS,SNAPSHOT_AND_OUTPUTS",
            description = "which rebuilds (default ${DEFAULT-VALUE})")
    List<Rebuild> rebuilds;

    public static void main(String[] args) {
        System.exit(new CommandLine(new RestartTime()).setCaseInsensitiveEnumValuesAllowed(true).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (runs < 1 || afterSnapshot < 1 || requests.stream().anyMatch(n -> n <= afterSnapshot)
                || warmUpRequests <= afterSnapshot)
            throw new CommandLine.ParameterException(new CommandLine(this), "expected --runs and --after-snapshot of "
                    + "at least 1, and --requests and --warm-up-requests above --after-snapshot");
        Files.createDirectories(dir);
        FileStore store = Files.getFileStore(dir);
        System.out.printf("restart time: the OMS order manager; %d restarts timed per rebuild; snapshot %,d requests "
                        + "before the end; queues in %s (%s, %s); %d CPUs; Java %s; load average %s%n", runs,
                afterSnapshot, dir, store.type(), store.name(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), RunnableThreads.loadAverage());
        System.out.println("ms: ServiceHost.start until the state is rebuilt, median of the runs (each run listed)");
        System.out.println("restored/s: snapshot events plus replayed inputs or outputs, per second of that median");
        System.out.println("runnable: the machine's runnable threads while restarting, on average (1 is ours; "
                + "sampled every 100 ms, so - for the shortest)");
        System.out.println("live: orders live when the snapshot was taken");
        System.out.printf("%-6s %10s %8s %-21s %9s %9s %8s %12s %8s  %s%n", "flow", "requests", "live", "rebuild",
                "snapshot", "replayed", "ms", "restored/s", "runnable", "runs ms");
        warmUp();
        try (RunnableThreads runnable = new RunnableThreads()) {
            for (RequestFlow flow : flows)
                for (int n : requests)
                    measure(flow, n, runnable);
        }
        System.out.printf("load average after: %s%n", RunnableThreads.loadAverage());
        return 0;
    }

    private void measure(RequestFlow flow, int n, RunnableThreads runnable) throws InterruptedException {
        Path historyDir = dir.resolve(flow.name().toLowerCase(Locale.ROOT) + "-" + n);
        IOTools.deleteDirWithFiles(historyDir.toFile());
        OrderHistory history = OrderHistory.build(historyDir, flow, n, afterSnapshot, churnLive);
        long live = history.snapshotEvents() - 1; // besides the last order id
        System.out.printf("%-6s %,10d %,8d snapshot of %,d events written in about %,d ms%n", flow, n, live,
                history.snapshotEvents(), history.snapshotNanos() / 1_000_000);
        for (Rebuild rebuild : rebuilds) {
            long[] nanos = new long[runs];
            runnable.reset();
            for (int r = 0; r < runs; r++)
                nanos[r] = restart(history, rebuild);
            double runnableAverage = runnable.average();
            long[] sorted = nanos.clone();
            Arrays.sort(sorted);
            long median = sorted[runs / 2];
            long snapshotEvents = rebuild.snapshot ? history.snapshotEvents() : 0;
            long replayed = rebuild == Rebuild.NONE ? 0 : rebuild.snapshot ? history.afterSnapshot() : n;
            String perSecond = rebuild == Rebuild.NONE ? "-"
                    : String.format("%,.0f", (snapshotEvents + replayed) * 1e9 / median);
            String runnableText = runnableAverage < 0 ? "-" : String.format("%.1f", runnableAverage); // no sample
            System.out.printf("%-6s %,10d %,8d %-21s %,9d %,9d %,8d %12s %8s  %s%n", flow, n, live, rebuild,
                    snapshotEvents, replayed, median / 1_000_000, perSecond, runnableText, millis(nanos));
        }
        IOTools.deleteDirWithFiles(historyDir.toFile());
    }

    private void warmUp() throws InterruptedException {
        Path warmUpDir = dir.resolve("warm-up");
        IOTools.deleteDirWithFiles(warmUpDir.toFile());
        OrderHistory history = OrderHistory.build(warmUpDir, flows.get(0), warmUpRequests, afterSnapshot, churnLive);
        for (int r = 0; r < runs; r++)
            for (Rebuild rebuild : rebuilds)
                restart(history, rebuild);
        IOTools.deleteDirWithFiles(warmUpDir.toFile());
    }

    /** One restart on the history; nothing new to read, so it writes nothing and leaves the history as it was. */
    private static long restart(OrderHistory history, Rebuild rebuild) {
        long start = System.nanoTime();
        try (ServiceHost host = ServiceHost.start(history.config(rebuild.policy, rebuild.snapshot, PauserType.BALANCED))) {
            long took = System.nanoTime() - start;
            if (host.stats(OrderHistory.SERVICE).handlerErrors() > 0)
                throw new IllegalStateException(rebuild + ": " + host.stats(OrderHistory.SERVICE));
            return took;
        }
    }

    private static String millis(long[] nanos) {
        StringBuilder s = new StringBuilder();
        for (long n : nanos)
            s.append(s.length() == 0 ? "" : ", ").append(String.format("%,d", n / 1_000_000));
        return s.toString();
    }
}
