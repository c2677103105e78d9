package io.celerity.benchmarks.peers;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A single-node Kafka (broker and KRaft controller in one) in a child JVM on localhost: its storage formatted with
 * Kafka's own {@code kafka.tools.StorageTool format --standalone}, started with {@code kafka.Kafka}, the two commands
 * the Kafka scripts run. Its logs go to {@code broker.log} in its directory; closing stops it and waits.
 */
final class KafkaBroker implements AutoCloseable {
    private static final long START_TIMEOUT_SECONDS = 120;
    private static final long STOP_TIMEOUT_SECONDS = 30;

    private final Path log;
    private final String bootstrap;
    private final Process process;
    private final Thread killOnExit;

    private KafkaBroker(Path dir, String bootstrap, Process process) {
        this.log = dir.resolve("broker.log");
        this.bootstrap = bootstrap;
        this.process = process;
        this.killOnExit = new Thread(process::destroyForcibly, "kafka-broker-kill");
        Runtime.getRuntime().addShutdownHook(killOnExit); // a benchmark that dies must not leave a broker behind
    }

    /** Formats storage under {@code dir}, starts the broker and waits until it answers; a failure names its log. */
    static KafkaBroker start(Path where) throws IOException, InterruptedException {
        Path dir = where.toAbsolutePath(); // the child JVM runs in it
        int brokerPort = freePort();
        Path config = writeConfig(dir, brokerPort, freePort());
        Path log = dir.resolve("broker.log");
        runToEnd(dir, log, "kafka.tools.StorageTool", "format", "--standalone", "--cluster-id",
                Uuid.randomUuid().toString(), "--config", config.toString());
        Process process = java(dir, log, "kafka.Kafka", config.toString()).start();
        KafkaBroker broker = new KafkaBroker(dir, "localhost:" + brokerPort, process);
        try {
            broker.awaitReady(brokerPort);
            return broker;
        } catch (RuntimeException | InterruptedException e) {
            broker.close();
            throw e;
        }
    }

    /** Where clients connect: {@code localhost:PORT}. */
    String bootstrap() {
        return bootstrap;
    }

    /** Creates topics of one partition each, replication factor 1. */
    void createTopics(String... names) throws ExecutionException, InterruptedException {
        try (Admin admin = admin()) {
            List<NewTopic> topics = new ArrayList<>();
            for (String name : names)
                topics.add(new NewTopic(name, 1, (short) 1));
            admin.createTopics(topics).all().get();
        }
    }

    private Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TimeUnit.SECONDS.toMillis(START_TIMEOUT_SECONDS)));
    }

    private void awaitReady(int port) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
        while (!listening(port) && process.isAlive() && System.nanoTime() < deadline)
            Thread.sleep(100); // the admin client would log a warning per refused connection
        try (Admin admin = admin()) {
            admin.describeCluster().nodes().get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            if (e instanceof InterruptedException ie)
                throw ie;
            throw new IllegalStateException("Kafka did not start in " + START_TIMEOUT_SECONDS + " s"
                    + (process.isAlive() ? "" : " (exit " + process.exitValue() + ")") + "; its log:\n" + tail(log), e);
        }
    }

    private static Path writeConfig(Path dir, int brokerPort, int controllerPort) throws IOException {
        String properties = String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.bootstrap.servers=localhost:" + controllerPort,
                "listeners=PLAINTEXT://localhost:" + brokerPort + ",CONTROLLER://localhost:" + controllerPort,
                "advertised.listeners=PLAINTEXT://localhost:" + brokerPort,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
                "log.dirs=" + dir.resolve("data"),
                "num.partitions=1",
                "auto.create.topics.enable=false",
                "offsets.topic.replication.factor=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                "# the OS flushes the log segments, as it does Chronicle's mapped files",
                "");
        return Files.writeString(dir.resolve("server.properties"), properties);
    }

    private static boolean listening(int port) {
        try (Socket ignored = new Socket("localhost", port)) {
            return true;
        } catch (IOException refused) {
            return false;
        }
    }

    /** A port nobody listens on now: a small race with other processes, acceptable on a benchmark machine. */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static ProcessBuilder java(Path dir, Path log, String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms256m", "-Xmx512m", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    }

    private static void runToEnd(Path dir, Path log, String mainClass, String... args)
            throws IOException, InterruptedException {
        Process p = java(dir, log, mainClass, args).start();
        if (!p.waitFor(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(mainClass + " did not finish in " + START_TIMEOUT_SECONDS + " s; its log:\n"
                    + tail(log));
        }
        if (p.exitValue() != 0)
            throw new IllegalStateException(mainClass + " " + String.join(" ", args) + " failed (exit " + p.exitValue()
                    + "); its log:\n" + tail(log));
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the broker (a clean shutdown, forced after 30 s) and waits for it to exit. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(killOnExit);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting already: the hook runs anyway, harmlessly
        }
    }
}
