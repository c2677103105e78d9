package io.celerity.benchmarks.oms;

import io.celerity.benchmarks.harness.BenchmarkOptions;
import io.celerity.benchmarks.harness.BenchmarkResult;
import io.celerity.benchmarks.harness.Comparison;
import io.celerity.benchmarks.harness.LatencyBenchmark;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** The main demo's order management pipeline, wire to wire and end to end, at one or more rates. */
@Command(name = "oms", mixinStandardHelpOptions = true,
        description = "Times the three-service order management pipeline at fixed rates.")
public final class OmsBenchmark implements Callable<Integer> {

    @Mixin
    BenchmarkOptions options;

    @Option(names = "--rates", split = ",", description = "rates to run one after the other, overriding --rate "
            + "(default: ${DEFAULT-VALUE})")
    List<Integer> rates = List.of(20_000, 100_000);

    @Override
    public Integer call() throws Exception {
        List<BenchmarkResult> results = new ArrayList<>();
        for (int rate : rates) {
            options.rate = rate;
            long requests = options.warmUp + (long) options.runs * options.runMessages;
            String setup = "OMS pipeline (gateway -> risk check -> order manager, 4 persisted queues) and the client's "
                    + "sink share one spinning thread; the client sends from the other; 8 new : 1 replace : 1 cancel";
            results.add(LatencyBenchmark.run("oms-" + rate, setup, new OmsPipeline(options.handlerCpu, requests),
                    options, System.out));
        }
        Comparison.print("OMS pipeline by rate", results, null, System.out);
        return 0;
    }
}
