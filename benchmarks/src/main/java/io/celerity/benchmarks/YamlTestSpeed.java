package io.celerity.benchmarks;

import io.celerity.examples.quickstart.QuoteChecker;
import io.celerity.testing.RunMode;
import io.celerity.testing.YamlTests;
import net.openhft.chronicle.core.io.IOTools;
import org.junit.jupiter.api.DynamicTest;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How fast YAML tests run: many DIRECT tests in one JVM, the cost of one small test, and the cost of the same test
 * through queues (QUEUE) and across a restart after every input (RESTART). Uses only the public harness API, on the
 * quickstart quote checker with four input events.
 */
@Command(name = "yaml-test-speed", mixinStandardHelpOptions = true,
        description = "Measures the YAML test harness in DIRECT, QUEUE and RESTART modes.")
public final class YamlTestSpeed implements Callable<Integer> {


    private static final String FOUR_EVENTS = ""
            + "# accepted\nquote: { symbol: EURUSD, bid: 1.0850, ask: 1.0852, bidQty: 1000000, sentNanos: 0 }\n...\n"
            + "# crossed\nquote: { symbol: GBPUSD, bid: 1.2700, ask: 1.2690, bidQty: 500000, sentNanos: 0 }\n...\n"
            + "# too wide\nquote: { symbol: USDJPY, bid: 150.10, ask: 150.90, bidQty: 200000, sentNanos: 0 }\n...\n"
            + "# no bid\nquote: { symbol: AUDUSD, bid: 0, ask: 0.6600, bidQty: 0, sentNanos: 0 }\n...\n";

    @Option(names = "--direct-tests", defaultValue = "1000", description = "DIRECT tests per round (default ${DEFAULT-VALUE})")
    int directTests;

    @Option(names = "--rounds", defaultValue = "3", description = "rounds of DIRECT tests (default ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--queue-tests", defaultValue = "30", description = "QUEUE and RESTART tests each (default ${DEFAULT-VALUE})")
    int queueTests;

    @Option(names = "--queue-rounds", defaultValue = "1", description = "rounds of QUEUE and RESTART tests each: "
            + "the later ones show the harness once the JIT has compiled it (default ${DEFAULT-VALUE})")
    int queueRounds;

    public static void main(String[] args) {
        System.exit(new CommandLine(new YamlTestSpeed()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        try {
            return measure();
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private int measure() throws Throwable {
        Path root = Files.createTempDirectory("yaml-test-speed");
        try {
            String[] dirs = IntStream.range(0, directTests).mapToObj(i -> "t" + i).toArray(String[]::new);
            for (String d : dirs)
                Files.writeString(Files.createDirectories(root.resolve(d)).resolve("in.yaml"), FOUR_EVENTS);
            ClassLoader loader = new URLClassLoader(new URL[]{root.toUri().toURL()}, getClass().getClassLoader());
            Thread.currentThread().setContextClassLoader(loader);

            System.out.printf("JVM %s, %d CPUs; quote checker, 4 input events per test%n",
                    System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
            System.setProperty("regress.tests", "true"); // writes each out.yaml once, from the actual output
            long cold = run(RunMode.DIRECT, dirs);
            System.clearProperty("regress.tests");
            System.out.printf("DIRECT  cold round (first in this JVM, also writing each out.yaml): %,d tests in %,d ms%n",
                    directTests, cold);
            for (int r = 1; r <= rounds; r++) {
                long ms = run(RunMode.DIRECT, dirs);
                System.out.printf("DIRECT  round %d: %,d tests in %,d ms (%.2f ms per test, set-up + 4 events + "
                        + "tear-down + comparison)%n", r, directTests, ms, (double) ms / directTests);
            }
            String[] few = IntStream.range(0, queueTests).mapToObj(i -> dirs[i % dirs.length]).toArray(String[]::new);
            for (RunMode mode : List.of(RunMode.QUEUE, RunMode.RESTART)) {
                run(mode, Arrays.copyOf(few, Math.min(3, queueTests))); // warm-up
                for (int r = 1; r <= queueRounds; r++) {
                    long ms = run(mode, few);
                    System.out.printf("%-7s %s%,d tests in %,d ms (%.1f ms per test)%n", mode,
                            queueRounds > 1 ? "round " + r + ": " : "", queueTests, ms, (double) ms / queueTests);
                }
            }
        } finally {
            IOTools.deleteDirWithFiles(root.toFile());
        }
        return 0;
    }

    /** Builds and runs the tests of {@code dirs} in {@code mode}; returns the wall time in ms. */
    private static long run(RunMode mode, String[] dirs) throws Throwable {
        long start = System.nanoTime();
        List<DynamicTest> tests = YamlTests.of(QuoteChecker.class).settings(Map.of("maxSpread", 0.5))
                .directories(dirs).modes(mode).tests().collect(Collectors.toList());
        for (DynamicTest t : tests)
            t.getExecutable().execute();
        return (System.nanoTime() - start) / 1_000_000;
    }
}
