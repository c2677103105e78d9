package io.celerity.benchmarks.replication;

import io.celerity.benchmarks.harness.BenchmarkOptions;
import io.celerity.benchmarks.harness.BenchmarkResult;
import io.celerity.benchmarks.harness.Comparison;
import io.celerity.benchmarks.harness.LatencyBenchmark;
import io.celerity.benchmarks.harness.LatencyTask;
import io.celerity.benchmarks.hop.Ping;
import io.celerity.benchmarks.hop.RawChronicleHop;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * One document replicated from host A to host B and acknowledged back, next to the same round trip through local
 * queues and a raw Aeron UDP ping over the same network, in the same run at the same rate.
 */
@Command(name = "replication", mixinStandardHelpOptions = true,
        description = "Times a document's replication to another host and its acknowledgement, beside a local "
                + "queue hop and a raw Aeron UDP ping.")
public final class ReplicationBenchmark implements Callable<Integer> {

    /** What each contender is, for the setup line. */
    static final Map<String, String> CONTENDERS = new LinkedHashMap<>();

    static {
        CONTENDERS.put("chronicle-queue", "local round trip through two Chronicle queues (write, read, echo, read)");
        CONTENDERS.put("aeron-udp", "raw Aeron UDP ping A -> B, echoed back B -> A on another stream, no queue");
        CONTENDERS.put("replication", "write on A's queue -> QueueSource -> UDP -> QueueSink appends on B -> ack -> "
                + "A sees ackedIndex reach it");
    }

    @Mixin
    BenchmarkOptions options;

    @Option(names = "--contenders", split = ",", description = "which to run, the first being the baseline "
            + "(default: ${DEFAULT-VALUE}; known: chronicle-queue, aeron-udp, replication)")
    List<String> contenders = List.of("chronicle-queue", "aeron-udp", "replication");

    @Option(names = "--driver-mode", description = "how each side's media driver runs: ${COMPLETION-CANDIDATES} "
            + "(default: ${DEFAULT-VALUE})")
    DriverMode driverMode = DriverMode.INVOKER;

    @Option(names = "--loop-idle", description = "what each side's replication thread does when idle: "
            + "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    LoopIdle loopIdle = LoopIdle.SPIN;

    @Option(names = "--hosts", description = "A and B as separate processes on two test hosts (network namespaces "
            + "with veth when root on Linux, else loopback) instead of both in this process on loopback")
    boolean hosts;

    @Option(names = "--remote-link", hidden = true,
            description = "A-HOST:PORT,B-HOST:PORT: B runs in a ReplicaHost process of its own (set by --hosts)")
    String remoteLink;

    @Option(names = "--where", hidden = true, description = "how A and B are placed, for the report (set by --hosts)")
    String where;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (hosts) {
            // The whole command line as given (from "replication" on), for A's process.
            List<String> args = new ArrayList<>(spec.commandLine().getParseResult().originalArgs());
            args.remove("--hosts");
            return HostsRun.run(args, driverMode, loopIdle, System.out);
        }
        LinkAddresses remote = remoteLink == null ? null : LinkAddresses.parse(remoteLink);
        String placement = where != null ? where : "A and B in this process over loopback 127.0.0.1, distinct ports, "
                + "a media driver each";
        List<BenchmarkResult> results = new ArrayList<>();
        for (String name : contenders) {
            if (!CONTENDERS.containsKey(name))
                throw new IllegalArgumentException("unknown contender '" + name + "'; expected one of "
                        + CONTENDERS.keySet());
            String setup = name + ": " + CONTENDERS.get(name) + "; " + Ping.SIZE + "-byte payload; the sender spins "
                    + "on one core, " + (name.equals("chronicle-queue") ? "one spinning thread does the rest"
                    : "one thread does the rest (A's side" + (remote == null ? " and B's" : "") + "), idling by "
                    + loopIdle + "; " + placement + "; drivers: " + driverMode.describe()) + (name.equals("replication")
                    ? "; acks: every 64 documents or 20 us (AckPolicy.DEFAULT)" : "");
            results.add(LatencyBenchmark.run("replication-" + name, setup, create(name, remote), options, System.out));
        }
        Comparison.print(String.format("round trip at %,d msg/s (%s; drivers %s, loops %s)", options.rate,
                placement, driverMode, loopIdle), results, results.get(0), System.out);
        return 0;
    }

    private LatencyTask create(String name, LinkAddresses remote) {
        return switch (name) {
            case "chronicle-queue" -> new RawChronicleHop(options.handlerCpu);
            case "aeron-udp" -> new AeronUdpPing(driverMode, loopIdle, remote, options.handlerCpu);
            default -> new ReplicationHop(driverMode, loopIdle, remote, options.handlerCpu);
        };
    }
}
