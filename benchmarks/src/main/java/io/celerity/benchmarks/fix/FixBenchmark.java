package io.celerity.benchmarks.fix;

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

/**
 * FIX wire to wire: a client sends NewOrderSingle, the OMS behind Celerity's FIX gateway answers an ExecutionReport,
 * timed from the order's due time to the report read off the client's socket; beside it, in the same run, the same
 * flow into a QuickFIX/J acceptor answering each order itself.
 */
@Command(name = "fix", mixinStandardHelpOptions = true,
        description = "Times FIX wire to wire through the OMS's FIX gateway and through a QuickFIX/J acceptor.")
public final class FixBenchmark implements Callable<Integer> {

    @Mixin
    BenchmarkOptions options;

    @Option(names = "--rates", split = ",", description = "rates to run one after the other (default: ${DEFAULT-VALUE})")
    List<Integer> rates = List.of(10_000, 50_000);

    @Option(names = "--own-gateway-loop", description = "runs the gateway on a loop of its own (fix), whose allocation "
            + "is then measured alone; by default it shares the pipeline's")
    boolean ownGatewayLoop;

    @Override
    public Integer call() throws Exception {
        List<BenchmarkResult> results = new ArrayList<>();
        for (int rate : rates) {
            options.rate = rate;
            results.add(LatencyBenchmark.run("fix-celerity-" + rate, "FIX client -> Celerity FIX gateway (Artio) -> "
                    + "OMS (3 services, 4 persisted queues) -> ExecutionReport; " + (ownGatewayLoop ? "the gateway on "
                    + "a loop of its own (measured), the services on theirs" : "gateway and services on one spinning "
                    + "loop (measured)") + ", the client (one thread) on the other core, Aeron's driver and archive "
                    + "backing off",
                    new CelerityFixFlow(ownGatewayLoop), options, System.out));
            results.add(LatencyBenchmark.run("fix-quickfixj-" + rate, "FIX client -> QuickFIX/J acceptor answering "
                    + "each order itself (memory store, dictionary validation on)", new QuickFixPeerFlow(), options,
                    System.out));
        }
        Comparison.print("FIX wire to wire", results, null, System.out);
        return 0;
    }
}
