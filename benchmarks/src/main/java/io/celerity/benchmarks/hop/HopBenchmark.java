package io.celerity.benchmarks.hop;

import io.celerity.benchmarks.harness.BenchmarkOptions;
import io.celerity.benchmarks.harness.BenchmarkResult;
import io.celerity.benchmarks.harness.Comparison;
import io.celerity.benchmarks.harness.LatencyBenchmark;
import io.celerity.benchmarks.harness.LatencyTask;
import io.celerity.benchmarks.peers.AeronIpcHop;
import io.celerity.benchmarks.peers.ArrayBlockingQueueHop;
import io.celerity.benchmarks.peers.DisruptorHop;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    /** The rates of contenders that cannot keep the common default rate; {@code --rate} overrides them. */
    static final Map<String, Integer> OWN_DEFAULT_RATES = new HashMap<>();

    static {
        CONTENDERS.put("chronicle-queue", o -> new RawChronicleHop(o.handlerCpu, false));
        CONTENDERS.put("chronicle-queue-history", o -> new RawChronicleHop(o.handlerCpu, true));
        CONTENDERS.put("celerity", o -> new CelerityHop(o.handlerCpu, false, false));
        CONTENDERS.put("celerity-monitored", o -> new CelerityHop(o.handlerCpu, true, false));
        CONTENDERS.put("celerity-encrypted", o -> new CelerityHop(o.handlerCpu, false, true));
        CONTENDERS.put("disruptor", o -> new DisruptorHop(o.handlerCpu));
        CONTENDERS.put("array-blocking-queue", o -> new ArrayBlockingQueueHop(o.handlerCpu));
        CONTENDERS.put("aeron-ipc", o -> new AeronIpcHop(o.handlerCpu));
        builtInProfile("io.celerity.benchmarks.peers.KafkaContender").ifPresent(kafka -> {
            CONTENDERS.put(kafka.name(), kafka::create);
            kafka.defaultRate().ifPresent(rate -> OWN_DEFAULT_RATES.put(kafka.name(), rate));
        });
    }

    /** The contender of that class if this build has it (a Maven profile adds it), else none. */
    static Optional<HopContender> builtInProfile(String className) {
        try {
            return Optional.of((HopContender) Class.forName(className).getConstructor().newInstance());
        } catch (ClassNotFoundException notBuilt) {
            return Optional.empty();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException(className + " is not a HopContender with a public no-argument constructor",
                    e);
        }
    }

    /** What {@code --contenders all} means: every contender known to this build, in the order above. */
    static final String ALL = "all";

    @Mixin
    BenchmarkOptions options;

    @Spec
    CommandSpec spec;

    @Option(names = "--contenders", split = ",", description = "which to run, the first being the baseline "
            + "(default: chronicle-queue,celerity; known: ${COMPLETION-CANDIDATES}; 'all' for every one)",
            completionCandidates = ContenderNames.class)
    List<String> contenders = List.of("chronicle-queue", "celerity");

    @Override
    public Integer call() throws Exception {
        if (contenders.equals(List.of(ALL)))
            contenders = List.copyOf(CONTENDERS.keySet());
        for (String name : contenders)
            if (!CONTENDERS.containsKey(name))
                throw new IllegalArgumentException("unknown contender '" + name + "'; expected one of "
                        + CONTENDERS.keySet());
        List<BenchmarkResult> results = new ArrayList<>();
        StringBuilder otherRates = new StringBuilder();
        for (String name : contenders) {
            String setup = "hop through " + name + ": " + Ping.SIZE + "-byte payload; the sender spins on one core, "
                    + "one spinning thread does the hop and the receiving";
            BenchmarkOptions own = optionsFor(name);
            if (own.rate != options.rate)
                otherRates.append(String.format(", %s at %,d msg/s", name, own.rate));
            results.add(LatencyBenchmark.run("hop-" + name, setup, CONTENDERS.get(name).apply(own), own, System.out));
        }
        Comparison.print(String.format("one hop at %,d msg/s%s", options.rate, otherRates), results, results.get(0),
                System.out);
        return 0;
    }

    /** The options, at the contender's own default rate if it has one and {@code --rate} was not given. */
    BenchmarkOptions optionsFor(String name) {
        Integer own = OWN_DEFAULT_RATES.get(name);
        boolean rateGiven = spec != null && spec.commandLine().getParseResult().hasMatchedOption("--rate");
        return own == null || rateGiven ? options : options.withRate(own);
    }

    /** For picocli's help text. */
    static final class ContenderNames extends ArrayList<String> {
        ContenderNames() {
            super(CONTENDERS.keySet());
        }
    }
}
