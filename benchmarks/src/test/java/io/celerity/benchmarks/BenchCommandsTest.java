package io.celerity.benchmarks;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every benchmark command docs/benchmarks.adoc lists runs, briefly: each as documented ({@code -Dbench.args} or
 * {@code -Dbench.main}), with options that make it short added where the line sets none. A line needing a profile
 * this build lacks (Kafka's) runs where the build has it: CI runs it with {@code -Pkafka}.
 */
class BenchCommandsTest {

    private static final Path DOCS = Path.of("..", "docs", "benchmarks.adoc");
    private static final Pattern COMMAND = Pattern.compile("^mvn .*-P(\\S+) .*-Dbench\\.args=\"([^\"]+)\"");
    private static final Pattern MAIN = Pattern.compile("^mvn .*-Dbench\\.main=(\\S+)");
    /** A regex the documented arguments must match: CI's -Pkafka run takes only Kafka's line again. */
    private static final String ONLY = System.getProperty("benchCommands.only", ".*");
    private static final String LATENCY = "--warm-up 1000 --runs 1 --run-messages 2000 --pause-ms 0";
    /** Options that make each command short, by command. */
    private static final Map<String, String> BRIEF = Map.ofEntries(
            Map.entry("hop", LATENCY),
            Map.entry("hop-cost", "--block 100 --blocks 10 --warm-up-blocks 2"),
            Map.entry("oms", LATENCY + " --rates 20000"),
            Map.entry("replication", LATENCY),
            Map.entry("fix", LATENCY + " --rates 1000"),
            Map.entry("tob", "--updates 100000 --runs 1"),
            Map.entry("chart", ""),
            Map.entry("yaml-test-speed", "--direct-tests 20 --rounds 1 --queue-tests 2"),
            Map.entry("fresh-pages", "--messages 20000"),
            Map.entry("cold-start", "--runs 1 --code BUILD_TIME"),
            Map.entry("replication-throughput", "--documents 2000 --size 200 --rates 1000 --seconds 1"),
            Map.entry("JmhSuite", "--include UniqueIdBenchmark --forks 0 --warmup-iterations 0 --iterations 1 "
                    + "--time 100ms"),
            Map.entry("RestartTime", "--requests 2000 --flows DEMO --after-snapshot 100 --warm-up-requests 1000 "
                    + "--runs 1 --rebuilds NONE,SNAPSHOT_AND_INPUTS"));

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everyDocumentedCommandRuns() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> lines = Files.readAllLines(DOCS);
        for (String line : lines) {
            Matcher main = MAIN.matcher(line);
            if (main.find() && main.group(1).matches(ONLY)) {
                String className = main.group(1);
                tests.add(DynamicTest.dynamicTest(className, () -> runBriefly(Class.forName(className)
                        .getConstructor().newInstance(), List.of(), className.substring(className.lastIndexOf('.') + 1))));
                continue;
            }
            Matcher m = COMMAND.matcher(line);
            if (!m.find() || !m.group(2).matches(ONLY))
                continue;
            String args = m.group(2);
            List<String> profiles = Arrays.asList(m.group(1).split(","));
            if (profiles.contains("kafka") && !kafkaBuilt())
                continue;
            List<String> given = Arrays.asList(args.split("\\s+"));
            tests.add(DynamicTest.dynamicTest(args, () -> runBriefly(new Bench(), given, given.get(0))));
        }
        assertFalse(tests.isEmpty(), "docs/benchmarks.adoc lists a command matching " + ONLY + " this build runs");
        assertTrue(!ONLY.equals(".*") || tests.size() >= BRIEF.size(), "docs/benchmarks.adoc lists every command");
        return tests.stream();
    }

    /** Runs {@code command} (picocli's) with the documented arguments and those that make {@code name} short. */
    private void runBriefly(Object command, List<String> documented, String name) {
        assertTrue(BRIEF.containsKey(name), "a documented command this test knows how to shorten: " + name);
        List<String> args = new ArrayList<>(documented);
        for (String option : BRIEF.get(name).split(" (?=--)"))
            if (!option.isBlank() && !args.contains(option.split(" ")[0]))
                args.addAll(Arrays.asList(option.trim().split("\\s+")));
        if (!args.contains("--dir") && spec(command, name).findOption("--dir") != null)
            args.addAll(List.of("--dir", dir.toString())); // its files in this test's directory
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream console = System.out;
        int status;
        try (PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            status = new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true)
                    .execute(args.toArray(String[]::new));
        } finally {
            System.setOut(console);
        }
        String text = printed.toString(StandardCharsets.UTF_8);
        console.print(text);
        assertEquals(0, status, "bench " + String.join(" ", args) + " exited with " + status + ":\n" + text);
        assertFalse(text.isBlank(), "bench " + String.join(" ", args) + " printed its results");
    }

    private static CommandLine.Model.CommandSpec spec(Object command, String name) {
        CommandLine cli = new CommandLine(command);
        return cli.getSubcommands().containsKey(name) ? cli.getSubcommands().get(name).getCommandSpec()
                : cli.getCommandSpec();
    }

    private static boolean kafkaBuilt() {
        try {
            Class.forName("io.celerity.benchmarks.peers.KafkaContender");
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
