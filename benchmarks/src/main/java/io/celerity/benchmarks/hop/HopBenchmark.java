package io.celerity.benchmarks.hop;

import io.celerity.benchmarks.harness.BenchmarkOptions;
import io.celerity.benchmarks.harness.BenchmarkResult;
import io.celerity.benchmarks.harness.Comparison;
import io.celerity.benchmarks.harness.LatencyBenchmark;
import io.celerity.benchmarks.harness.LatencyTask;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * One hop through each contender in the same run, same 48-byte payload and rate: the sender spins on one core and
 * one spinning thread does the hop and the receiving on the other. The first contender is the baseline.
 */
@Command(name = "hop", mixinStandardHelpOptions = true,
        description = "Times one service hop through Celerity and its peers at the same rate and payload.")
public final class HopBenchmark implements Callable<Integer> {

    /** Contenders by name: how to build each from the options. */
    static final Map<String, Function<BenchmarkOptions, LatencyTask>> CONTENDERS = new LinkedHashMap<>();

    static {
        CONTENDERS.put("chronicle-queue", o -> new RawChronicleHop(o.handlerCpu));
        CONTENDERS.put("celerity", o -> new CelerityHop(o.handlerCpu, false));
        CONTENDERS.put("celerity-monitored", o -> new CelerityHop(o.handlerCpu, true));
    }

    @Mixin
    BenchmarkOptions options;

    @Option(names = "--contenders", split = ",", description = "which to run, the first being the baseline "
            + "(default: chronicle-queue,celerity; known: ${COMPLETION-CANDIDATES})",
            completionCandidates = ContenderNames.class)
    List<String> contenders = List.of("chronicle-queue", "celerity");

    @Override
    public Integer call() throws Exception {
        for (String name : contenders)
            if (!CONTENDERS.containsKey(name))
                throw new IllegalArgumentException("unknown contender '" + name + "'; expected one of "
                        + CONTENDERS.keySet());
        List<BenchmarkResult> results = new ArrayList<>();
        for (String name : contenders) {
            String setup = "hop through " + name + ": " + Ping.SIZE + "-byte payload; the sender spins on one core, "
                    + "one spinning thread does the hop and the receiving";
            results.add(LatencyBenchmark.run("hop-" + name, setup, CONTENDERS.get(name).apply(options), options,
                    System.out));
        }
        Comparison.print(String.format("one hop at %,d msg/s", options.rate), results, results.get(0), System.out);
        return 0;
    }

    /** For picocli's help text. */
    static final class ContenderNames extends ArrayList<String> {
        ContenderNames() {
            super(CONTENDERS.keySet());
        }
    }
}
