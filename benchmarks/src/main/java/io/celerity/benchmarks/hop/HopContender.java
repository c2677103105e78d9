package io.celerity.benchmarks.hop;

import io.celerity.benchmarks.harness.BenchmarkOptions;
import io.celerity.benchmarks.harness.LatencyTask;

import java.util.OptionalInt;

/**
 * A contender that is built only in a Maven profile (its library is not in the default build): the hop benchmark adds
 * it to its contenders when its class is present.
 */
public interface HopContender {

    /** The name {@code --contenders} knows it by. */
    String name();

    /** The hop, configured from the benchmark's options. */
    LatencyTask create(BenchmarkOptions options);

    /** The rate it runs at unless {@code --rate} is given, if it cannot keep the common default. */
    default OptionalInt defaultRate() {
        return OptionalInt.empty();
    }
}
