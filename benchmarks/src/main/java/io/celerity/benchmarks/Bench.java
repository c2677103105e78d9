package io.celerity.benchmarks;

import io.celerity.benchmarks.fix.FixBenchmark;

import io.celerity.benchmarks.chart.ChartCommand;
import io.celerity.benchmarks.hop.HopBenchmark;
import io.celerity.benchmarks.hop.HopCost;
import io.celerity.benchmarks.oms.OmsBenchmark;
import io.celerity.benchmarks.pages.FreshPageStalls;
import io.celerity.benchmarks.replication.ReplicationBenchmark;
import io.celerity.benchmarks.replication.ReplicationThroughput;
import io.celerity.benchmarks.start.ColdStart;
import io.celerity.benchmarks.tob.TopOfBookThroughput;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The benchmark commands: {@code mvn -B -q -Pbench -DskipTests package -Dbench.args="COMMAND [OPTIONS]"}. */
@Command(name = "bench", mixinStandardHelpOptions = true, subcommands = {HopBenchmark.class, OmsBenchmark.class,
        TopOfBookThroughput.class, ChartCommand.class, YamlTestSpeed.class, FreshPageStalls.class, ColdStart.class,
        ReplicationBenchmark.class, ReplicationThroughput.class, FixBenchmark.class, HopCost.class},
        description = "Celerity's latency and throughput benchmarks.")
public final class Bench implements Runnable {
    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Bench()).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out); // no command given: say which there are
    }
}
