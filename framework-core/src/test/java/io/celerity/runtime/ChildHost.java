package io.celerity.runtime;

import io.celerity.cli.CelerityCli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A real {@code celerity run} in a child JVM, started with the flags the build gives tests. */
final class ChildHost {

    private final Process process;
    private final Path log;

    private ChildHost(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static ChildHost start(Path servicesYaml, Path log) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String flags = System.getProperty("celerity.test.jvm.flags", "");
        Arrays.stream(flags.trim().split("\\s+")).filter(s -> !s.isEmpty()).forEach(cmd::add);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(CelerityCli.class.getName());
        cmd.add("run");
        cmd.add(servicesYaml.toString());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        return new ChildHost(p, log);
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL: no shutdown hook, no flush, no close. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM, then waits for the exit; returns the exit status. */
    int terminate() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS))
            throw new AssertionError("child did not stop within 60 s of SIGTERM; log:\n" + logText());
        return process.exitValue();
    }

    String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }
}
