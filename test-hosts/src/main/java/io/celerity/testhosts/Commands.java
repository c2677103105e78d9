package io.celerity.testhosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Short administrative commands ({@code ip}, {@code kill}) run to completion, failing with their output. */
final class Commands {

    /** Generous: the machine may be loaded, and these commands only do kernel bookkeeping. */
    private static final long LIMIT_SECONDS = 60;

    private Commands() {
    }

    /** Runs {@code command}; returns its output, or throws naming the command, its exit status and output. */
    static String run(List<String> command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        try {
            if (!process.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish within " + LIMIT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", command) + " interrupted", e);
        }
        if (process.exitValue() != 0)
            throw new IOException(String.join(" ", command) + " failed (exit " + process.exitValue() + "): " + output);
        return output;
    }

    /** Sends {@code signal} (e.g. STOP, CONT) to {@code pid}: the JDK can send only TERM and KILL. */
    static void signal(long pid, String signal) throws IOException {
        run(List.of(find("kill").map(Path::toString).orElse("kill"), "-" + signal, Long.toString(pid)));
    }

    /** An executable on the PATH or in the system directories, which a non-login PATH may leave out. */
    static Optional<Path> find(String name) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
        dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin"));
        return dirs.stream().filter(d -> !d.isEmpty()).map(d -> Path.of(d, name))
                .filter(Files::isExecutable).findFirst();
    }
}
