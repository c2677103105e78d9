package io.celerity.benchmarks.jmh;

import io.celerity.examples.topofbook.TopOfBookListener;
import net.openhft.chronicle.wire.Wire;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.concurrent.Callable;

/**
 * Runs Celerity's JMH micro-benchmarks with the GC profiler, prints JMH's table and writes the results as JSON.
 * Run through the bench profile, which gives this JVM Chronicle's flags; JMH's forks inherit them.
 */
@Command(name = "jmh-suite", mixinStandardHelpOptions = true,
        description = "Runs the JMH micro-benchmarks of package io.celerity.benchmarks.jmh with -prof gc.")
public final class JmhSuite implements Callable<Integer> {

    @Option(names = "--include", defaultValue = "io\\.celerity\\.benchmarks\\.jmh\\.",
            description = "regex of benchmarks to run, matched against Class.method (default ${DEFAULT-VALUE})")
    String include;

    @Option(names = "--forks", defaultValue = "1", description = "JVM forks per benchmark (default ${DEFAULT-VALUE})")
    int forks;

    @Option(names = "--warmup-iterations", defaultValue = "5",
            description = "warm-up iterations (default ${DEFAULT-VALUE})")
    int warmupIterations;

    @Option(names = "--warmup-time", defaultValue = "1s", converter = TimeValueConverter.class,
            description = "length of a warm-up iteration, e.g. 500ms, 2s (default ${DEFAULT-VALUE})")
    TimeValue warmupTime;

    @Option(names = "--iterations", defaultValue = "5",
            description = "measurement iterations (default ${DEFAULT-VALUE})")
    int iterations;

    @Option(names = "--time", defaultValue = "1s", converter = TimeValueConverter.class,
            description = "length of a measurement iteration (default ${DEFAULT-VALUE})")
    TimeValue time;

    @Option(names = "--result", defaultValue = "target/benchmarks/jmh/jmh-result.json",
            description = "where the JSON results go (default ${DEFAULT-VALUE})")
    Path result;

    public static void main(String[] args) {
        System.exit(new CommandLine(new JmhSuite()).execute(args));
    }

    @Override
    public Integer call() throws RunnerException, IOException {
        // Fails here, once, rather than in every fork, when this JVM lacks the flags generated code needs.
        GeneratedOnly.writer(Wire.newYamlWireOnHeap().methodWriter(TopOfBookListener.class));
        Files.createDirectories(result.toAbsolutePath().getParent());
        System.out.printf("JVM %s (%s), %d CPUs, load average %.2f; results to %s%n",
                System.getProperty("java.version"), System.getProperty("java.vm.name"),
                Runtime.getRuntime().availableProcessors(), loadAverage(), result.toAbsolutePath());
        Options options = new OptionsBuilder()
                .include(include)
                .forks(forks)
                .warmupIterations(warmupIterations)
                .warmupTime(warmupTime)
                .measurementIterations(iterations)
                .measurementTime(time)
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(true) // a setup that refuses a fallback fails the run, not just its benchmark
                .resultFormat(ResultFormatType.JSON)
                .result(result.toAbsolutePath().toString())
                .build();
        Collection<RunResult> results = new Runner(options).run();
        if (results.isEmpty()) {
            System.err.println("jmh-suite: no benchmark matches --include " + include);
            return 2;
        }
        printTimestampRatio(results);
        System.out.printf("load average at the end %.2f%n", loadAverage());
        return 0;
    }

    /** The target: a unique timestamp at least five times cheaper than a random UUID. */
    private static void printTimestampRatio(Collection<RunResult> results) {
        Result<?> uuid = primary(results, "UniqueIdBenchmark.randomUuid");
        printRatio(uuid, primary(results, "UniqueIdBenchmark.uniqueTimestamp"),
                "UniqueTimestamps.next() on the host's CalibratedClock");
        printRatio(uuid, primary(results, "UniqueIdBenchmark.uniqueTimestampOnChronicleClock"),
                "UniqueTimestamps.next() on Chronicle's SystemTimeProvider");
    }

    private static void printRatio(Result<?> uuid, Result<?> timestamp, String what) {
        if (uuid != null && timestamp != null)
            System.out.printf("UUID.randomUUID() / %s: %.1f / %.1f ns = %.1fx%n",
                    what, uuid.getScore(), timestamp.getScore(), uuid.getScore() / timestamp.getScore());
    }

    private static Result<?> primary(Collection<RunResult> results, String benchmark) {
        return results.stream()
                .filter(r -> r.getParams().getBenchmark().endsWith("." + benchmark))
                .map(r -> r.getPrimaryResult())
                .findFirst().orElse(null);
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** picocli reads JMH durations as JMH writes them: 500ms, 1s, 2min. */
    static final class TimeValueConverter implements CommandLine.ITypeConverter<TimeValue> {
        @Override
        public TimeValue convert(String value) {
            return TimeValue.fromString(value);
        }
    }
}
