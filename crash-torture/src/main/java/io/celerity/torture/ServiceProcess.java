package io.celerity.torture;

import io.celerity.cli.CelerityCli;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** One service of a services.yaml in a JVM of its own ({@code celerity run <yaml> --service <name>}), killed for real. */
final class ServiceProcess {

    /** What {@code celerity run} prints once its host has started and the close-on-SIGTERM hook is in place. */
    private static final String RUNNING = "celerity: running ";

    private final String service;
    private final Path servicesYaml;
    private final Path log;
    private final List<String> jvmOptions;
    private Process process;
    private long logAtStart; // where this start's lines begin in the log, which every start appends to
    private boolean running;

    /** @param jvmOptions added to Chronicle's flags, e.g. to start faster */
    ServiceProcess(String service, Path servicesYaml, Path log, List<String> jvmOptions) {
        this.service = service;
        this.servicesYaml = servicesYaml;
        this.log = log;
        this.jvmOptions = jvmOptions;
    }

    String service() {
        return service;
    }

    Path log() {
        return log;
    }

    void start() throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(chronicleFlags());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), CelerityCli.class.getName(),
                "run", servicesYaml.toString(), "--service", service));
        logAtStart = Files.exists(log) ? Files.size(log) : 0;
        running = false;
        process = new ProcessBuilder(cmd).directory(servicesYaml.getParent().toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    }

    /** Lines of its log, over all its (re)starts, that contain {@code text}. */
    long logLinesContaining(String text) throws IOException {
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(l -> l.contains(text)).count();
        }
    }

    boolean isAlive() {
        return process != null && process.isAlive();
    }

    /**
     * Whether this start has come up (state rebuilt, inputs positioned, SIGTERM handled) and is still alive. Outputs
     * of an earlier start do not tell: on a loaded machine they can be all there while this JVM is still starting.
     */
    boolean running() {
        if (!running && isAlive())
            running = logSinceStart().contains(RUNNING);
        return running && isAlive();
    }

    private String logSinceStart() {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            byte[] bytes = new byte[(int) Math.max(0, file.length() - logAtStart)];
            file.seek(logAtStart);
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Null while running; otherwise how it ended, for a process nobody killed. */
    String exit() {
        return process == null || process.isAlive() ? null
                : service + " exited by itself with status " + process.exitValue() + "; see " + log;
    }

    /** SIGKILL: no shutdown hook, no close, no flush; returns once the process is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS))
            throw new IllegalStateException(service + " (pid " + process.pid() + ") survived SIGKILL for 30 s");
    }

    /** SIGTERM; {@link #awaitExit()} then waits for the clean close. */
    void terminate() {
        process.destroy();
    }

    /** Waits for the exit after {@link #terminate()}; returns the status (143 after a clean close). */
    int awaitExit() throws InterruptedException {
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(service + " did not stop within 60 s of SIGTERM; see " + log);
        }
        return process.exitValue();
    }

    // The flags this JVM was started with that Chronicle needs (module opens and exports, system properties).
    private static List<String> chronicleFlags() {
        List<String> flags = new ArrayList<>();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
            if (arg.startsWith("--add-") || arg.startsWith("--enable-native-access")
                    || arg.startsWith("--sun-misc-unsafe-memory-access") || arg.startsWith("-D"))
                flags.add(arg);
        if (!flags.contains("--add-exports=java.base/sun.nio.ch=ALL-UNNAMED"))
            throw new IllegalStateException("this JVM was started without Chronicle's flags, which its service "
                    + "processes inherit; run it through this module's torture profile (mvn -Ptorture) or its tests");
        return flags;
    }
}
