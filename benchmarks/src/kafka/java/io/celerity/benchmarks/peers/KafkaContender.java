package io.celerity.benchmarks.peers;

import io.celerity.benchmarks.harness.BenchmarkOptions;
import io.celerity.benchmarks.harness.LatencyTask;
import io.celerity.benchmarks.hop.HopContender;

import java.util.OptionalInt;

/** Adds {@code kafka} to the hop benchmark's contenders when built with {@code -Pkafka}. */
public final class KafkaContender implements HopContender {
    @Override
    public String name() {
        return "kafka";
    }

    @Override
    public LatencyTask create(BenchmarkOptions options) {
        return new KafkaHop(options.handlerCpu);
    }

    /** A broker round trip with both cores taken by spinning threads cannot keep 20,000 msg/s. */
    @Override
    public OptionalInt defaultRate() {
        return OptionalInt.of(KafkaHop.DEFAULT_RATE);
    }
}
