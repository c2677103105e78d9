package io.celerity.benchmarks.start;

import io.celerity.benchmarks.durability.RunnableThreads;
import io.celerity.cli.CelerityCli;
import io.celerity.examples.quickstart.Quote;
import io.celerity.examples.quickstart.QuoteChecker;
import io.celerity.examples.quickstart.QuoteListener;
import net.openhft.chronicle.core.io.IOTools;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Cold start of a service process: from spawning {@code celerity run services.yaml} (one service, the quickstart's
 * quote checker, a quote already waiting on its input) until its answer is on its output queue, polled from here.
 * BUILD_TIME runs the examples' classes as built, their readers and writers generated at build time; RUNTIME runs a
 * copy without those classes, so Chronicle generates and compiles them with javac at start (as before build-time
 * generation). Runs of the two alternate, so that both see the same load.
 */
@Command(name = "cold-start", mixinStandardHelpOptions = true,
        description = "JVM start to first input handled, with readers and writers generated at build time or at start.")
public final class ColdStart implements Callable<Integer> {

    /** Where the service's generated readers and writers come from. */
    enum Code { BUILD_TIME, RUNTIME }

    private static final String WARNING = "not generated when the application was built";
    private static final long TIMEOUT_NANOS = 120_000_000_000L;
    private static final String YAML = """
            queues:
              quotes:  { path: quotes }
              checked: { path: checked }
            eventLoops:
              main: { pauser: BALANCED, affinity: NONE }
            services:
              quote-checker:
                implClass: %s
                inputs: [ quotes ]
                output: checked
                eventLoop: main
                settings: { maxSpread: 0.5 }
            """.formatted(QuoteChecker.class.getName());

    @Option(names = "--dir", defaultValue = "/tmp/celerity-cold-start",
            description = "working directory, cleared per run (default ${DEFAULT-VALUE})")
    Path dir;

    @Option(names = "--runs", defaultValue = "10", description = "timed starts per kind of code (default ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--code", split = ",", defaultValue = "RUNTIME,BUILD_TIME",
            description = "which code to start with (default ${DEFAULT-VALUE})")
    List<Code> codes;

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "an extra flag for the service JVM, e.g. "
            + "-XX:SharedArchiveFile=FILE (repeatable; none by default)")
    List<String> jvmArgs = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(new CommandLine(new ColdStart()).setCaseInsensitiveEnumValuesAllowed(true).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (runs < 1)
            throw new CommandLine.ParameterException(new CommandLine(this), "expected --runs of at least 1");
        IOTools.deleteDirWithFiles(dir.toFile());
        Files.createDirectories(dir);
        String withoutGenerated = classpathWithoutGeneratedCode(dir.resolve("classes-without-generated-code"));
        System.out.printf("cold start: celerity run of one service (%s), a quote waiting on its input, from spawn "
                        + "until its answer is on its output queue (polled every 1 ms); %d CPUs; Java %s (%s); "
                        + "load average %s%n", QuoteChecker.class.getSimpleName(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("java.vm.name"), RunnableThreads.loadAverage());
        System.out.println("ms: spawn to answer, wall clock; cpu ms: the service JVM's CPU time (all its threads) "
                + "by then, which a busy machine does not inflate as much" + (jvmArgs.isEmpty() ? "" : "; service JVM flags "
                + jvmArgs));
        long[][] millis = new long[codes.size()][runs];
        long[][] cpuMillis = new long[codes.size()][runs];
        for (int r = -1; r < runs; r++) // run -1 warms the file cache, untimed
            for (int c = 0; c < codes.size(); c++) {
                Code code = codes.get(c);
                long[] ms = start(code, code == Code.RUNTIME ? withoutGenerated : System.getProperty("java.class.path"),
                        jvmArgs, dir.resolve(code + "-" + r));
                if (r >= 0) {
                    millis[c][r] = ms[0];
                    cpuMillis[c][r] = ms[1];
                }
            }
        System.out.printf("%-11s %6s %6s %6s %10s %8s  %s%n", "code", "p50 ms", "min", "max", "cpu p50 ms", "cpu max",
                "runs ms (cpu ms)");
        for (int c = 0; c < codes.size(); c++) {
            long[] sorted = millis[c].clone();
            Arrays.sort(sorted);
            long[] cpu = cpuMillis[c].clone();
            Arrays.sort(cpu);
            StringBuilder each = new StringBuilder();
            for (int r = 0; r < runs; r++)
                each.append(r == 0 ? "" : ", ").append(millis[c][r]).append(" (").append(cpuMillis[c][r]).append(')');
            System.out.printf("%-11s %6d %6d %6d %10d %8d  %s%n", codes.get(c), sorted[(runs - 1) / 2], sorted[0],
                    sorted[runs - 1], cpu[(runs - 1) / 2], cpu[runs - 1], each);
        }
        System.out.printf("load average after: %s%n", RunnableThreads.loadAverage());
        return 0;
    }

    /** One start in {@code runDir}: returns the ms from spawn to the answer on the output queue, and its CPU ms. */
    private static long[] start(Code code, String classpath, List<String> jvmArgs, Path runDir) throws IOException, InterruptedException {
        Files.createDirectories(runDir);
        Path yaml = Files.writeString(runDir.resolve("services.yaml"), YAML);
        try (ChronicleQueue quotes = SingleChronicleQueueBuilder.binary(runDir.resolve("quotes")).build()) {
            quotes.methodWriter(QuoteListener.class).quote(new Quote().set(1, 100.0, 100.1, 10, System.nanoTime()));
        }
        Path log = runDir.resolve("celerity.log");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(chronicleFlags());
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", classpath, CelerityCli.class.getName(), "run", yaml.toString()));
        long spawn = System.nanoTime();
        Process process = new ProcessBuilder(cmd).directory(runDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            awaitAnswer(runDir.resolve("checked"), process, log, spawn);
            long took = System.nanoTime() - spawn;
            long cpu = process.info().totalCpuDuration().orElseThrow().toMillis();
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS))
                throw new IllegalStateException("celerity run did not stop within 60 s of SIGTERM; see " + log);
            boolean compiled = Files.readString(log).contains(WARNING);
            if (compiled != (code == Code.RUNTIME))
                throw new IllegalStateException(code + ": readers and writers were " + (compiled ? "" : "not ")
                        + "compiled at start, contrary to the kind of run; see " + log);
            return new long[]{TimeUnit.NANOSECONDS.toMillis(took), cpu};
        } finally {
            process.destroyForcibly();
        }
    }

    private static void awaitAnswer(Path output, Process process, Path log, long spawn) throws InterruptedException {
        while (!hasQueueFile(output)) {
            check(process, log, spawn);
            Thread.sleep(1);
        }
        try (ChronicleQueue queue = SingleChronicleQueueBuilder.binary(output).readOnly(true).build();
             ExcerptTailer tailer = queue.createTailer()) {
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (dc.isPresent())
                        return;
                }
                check(process, log, spawn);
                Thread.sleep(1);
            }
        }
    }

    private static boolean hasQueueFile(Path queue) {
        if (!Files.isDirectory(queue))
            return false;
        try (Stream<Path> files = Files.list(queue)) {
            return files.anyMatch(f -> f.toString().endsWith(".cq4"));
        } catch (IOException e) {
            return false;
        }
    }

    private static void check(Process process, Path log, long spawn) {
        if (!process.isAlive())
            throw new IllegalStateException("celerity run exited with " + process.exitValue() + "; see " + log);
        if (System.nanoTime() - spawn > TIMEOUT_NANOS)
            throw new IllegalStateException("no answer within 120 s; see " + log);
    }

    /** This JVM's classpath with the examples' classes replaced by a copy without their generated readers and writers. */
    private static String classpathWithoutGeneratedCode(Path copy) throws IOException, URISyntaxException {
        Path examples = Path.of(QuoteChecker.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (Files.isDirectory(examples)) {
            copyWithoutGenerated(examples, copy);
        } else {
            try (FileSystem jar = FileSystems.newFileSystem(examples)) {
                copyWithoutGenerated(jar.getPath("/"), copy);
            }
        }
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator))
            entries.add(Path.of(entry).toAbsolutePath().equals(examples.toAbsolutePath()) ? copy.toString() : entry);
        if (!entries.contains(copy.toString()))
            throw new IllegalStateException(examples + " is not on the class path " + entries);
        return String.join(File.pathSeparator, entries);
    }

    private static void copyWithoutGenerated(Path from, Path to) throws IOException {
        Path index = from.resolve("META-INF/celerity/generated-code.txt");
        if (!Files.exists(index))
            throw new IllegalStateException("no " + index + ": the examples were built without generated code");
        Set<String> generated = new HashSet<>();
        for (String name : Files.readAllLines(index))
            if (!name.startsWith("#"))
                generated.add(name.replace('.', '/') + ".class");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String relative = from.relativize(f).toString();
                Path target = to.resolve(relative);
                if (Files.isDirectory(f))
                    Files.createDirectories(target);
                else if (!generated.contains(relative))
                    Files.copy(f, target);
            }
        }
    }

    // The flags this JVM was started with that Chronicle needs, as `celerity run` gets them from the launcher.
    private static List<String> chronicleFlags() {
        List<String> flags = new ArrayList<>();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
            if (arg.startsWith("--add-") || arg.startsWith("--enable-native-access")
                    || arg.startsWith("--sun-misc-unsafe-memory-access") || arg.startsWith("-Dchronicle."))
                flags.add(arg);
        if (!flags.contains("--add-exports=java.base/sun.nio.ch=ALL-UNNAMED"))
            throw new IllegalStateException("run with Chronicle's flags: mvn -B -q -Pbench -DskipTests package "
                    + "-Dbench.args=cold-start");
        return flags;
    }
}
