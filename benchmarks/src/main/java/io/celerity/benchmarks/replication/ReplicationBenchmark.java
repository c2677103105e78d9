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

    @Mixin
    LinkOptions sides;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (sides.hosts)
            return sides.runOnHosts(spec, System.out);
        LinkAddresses remote = sides.remote();
        String placement = sides.placement();
        List<BenchmarkResult> results = new ArrayList<>();
        for (String name : contenders) {
            if (!CONTENDERS.containsKey(name))
                throw new IllegalArgumentException("unknown contender '" + name + "'; expected one of "
                        + CONTENDERS.keySet());
            String setup = name + ": " + CONTENDERS.get(name) + "; " + Ping.SIZE + "-byte payload; the sender spins "
                    + "on one core, " + (name.equals("chronicle-queue") ? "one spinning thread does the rest"
                    : "one thread does the rest (A's side" + (remote == null ? " and B's" : "") + "), idling by "
                    + sides.loopIdle + "; " + placement + "; drivers: " + sides.driverMode.describe())
                    + (name.equals("replication") ? "; acks: every 64 documents or 20 us (AckPolicy.DEFAULT)" : "");
            results.add(LatencyBenchmark.run("replication-" + name, setup, create(name, remote), options, System.out));
        }
        Comparison.print(String.format("round trip at %,d msg/s (%s; drivers %s, loops %s)", options.rate,
                placement, sides.driverMode, sides.loopIdle), results, results.get(0), System.out);
        return 0;
    }

    private LatencyTask create(String name, LinkAddresses remote) {
        return switch (name) {
            case "chronicle-queue" -> new RawChronicleHop(options.handlerCpu, false);
            case "aeron-udp" -> new AeronUdpPing(sides.driverMode, sides.loopIdle, remote, options.handlerCpu);
            default -> new ReplicationHop(sides.driverMode, sides.loopIdle, remote, options.handlerCpu);
        };
    }
}
