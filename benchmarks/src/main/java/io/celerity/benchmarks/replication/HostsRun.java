package io.celerity.benchmarks.replication;

import io.celerity.benchmarks.Bench;
import io.celerity.testhosts.Host;
import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import io.celerity.testhosts.JavaCommand;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Runs the replication benchmark with A and B as separate processes on two {@link Hosts}: network namespaces cabled
 * by veth pairs to a bridge when this is root on Linux, this machine's loopback otherwise (said in the report).
 */
final class HostsRun {

    private static final int PORT_A = 40_301;
    private static final int PORT_B = 40_302;
    private static final Duration START_LIMIT = Duration.ofSeconds(60);
    private static final Duration RUN_LIMIT = Duration.ofHours(2);

    private static final String LOG_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";

    private HostsRun() {
    }

    /** A JVM like this one, logging warnings only, as the benchmark profile runs it. */
    private static List<String> java(Class<?> main, String... args) {
        List<String> command = new ArrayList<>(JavaCommand.of(main.getName(), args));
        command.add(1, "-D" + LOG_LEVEL + "=" + System.getProperty(LOG_LEVEL, "warn"));
        return command;
    }

    /** Starts B, then A with {@code benchmarkArgs} and the link; prints A's output; A's exit status. */
    static int run(List<String> benchmarkArgs, DriverMode mode, LoopIdle idle, PrintStream out) throws Exception {
        try (Hosts hosts = Hosts.create("a", "b")) {
            Host a = hosts.host("a");
            Host b = hosts.host("b");
            LinkAddresses link = hosts.isolated() ? new LinkAddresses(a.address(), PORT_A, b.address(), PORT_B)
                    : LinkAddresses.loopback();
            String where = hosts.isolated()
                    ? "A and B separate processes in network namespaces of their own, " + a.address() + " and "
                    + b.address() + ", veth pairs to a bridge"
                    : "A and B separate processes on loopback 127.0.0.1 (no network namespaces here), distinct ports";
            Path logs = Path.of("target", "benchmarks", "replication-hosts");
            // The hosts append to a log: start each afresh, so A's printed at the end is this run's only.
            Files.deleteIfExists(logs.resolve("a.log"));
            Files.deleteIfExists(logs.resolve("b.log"));
            HostProcess replica = b.exec(java(ReplicaHost.class, link.toString(), mode.name(), idle.name()), Map.of(),
                    logs.resolve("b.log"));
            replica.awaitLine(Pattern.compile(Pattern.quote(ReplicaHost.READY)), START_LIMIT);
            List<String> args = new ArrayList<>(benchmarkArgs);
            args.addAll(List.of("--remote-link", link.toString(), "--where", where));
            HostProcess source = a.exec(java(Bench.class, args.toArray(String[]::new)), Map.of(),
                    logs.resolve("a.log"));
            int status = source.awaitExit(RUN_LIMIT);
            out.print(source.logText());
            out.println("host B's log: " + replica.log().toAbsolutePath());
            return status;
        }
    }
}
