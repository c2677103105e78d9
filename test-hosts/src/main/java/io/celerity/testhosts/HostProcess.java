package io.celerity.testhosts;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A process started on a host: its real pid, signals for faults, and waits over its log. */
public final class HostProcess {

    /** Liveness, not speed: how long SIGKILL may take to show on a loaded machine. */
    private static final long KILL_LIMIT_SECONDS = 60;
    private static final int LOG_TAIL_CHARS = 4000;

    private final String host;
    private final Process process;
    private final Path log;

    HostProcess(String host, Process process, Path log) {
        this.host = host;
        this.process = process;
        this.log = log;
    }

    /** The pid of the command itself ({@code ip netns exec} replaces itself with the command, so no wrapper's). */
    public long pid() {
        return process.pid();
    }

    public String host() {
        return host;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The file its standard output and error are appended to. */
    public Path log() {
        return log;
    }

    public String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** SIGKILL, then waits for the exit: no shutdown hook, no flush, no close. */
    public void kill9() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(KILL_LIMIT_SECONDS, TimeUnit.SECONDS))
            throw failure("still alive " + KILL_LIMIT_SECONDS + " s after SIGKILL");
    }

    /**
     * SIGCONT (in case it is stopped) and SIGTERM, so its shutdown hook closes what it holds (e.g. its Aeron
     * directories in /dev/shm, which a SIGKILL leaves behind); SIGKILL if it still runs after {@code limit}.
     */
    public void terminate(Duration limit) throws IOException, InterruptedException {
        Commands.signal(pid(), "CONT");
        Commands.signal(pid(), "TERM");
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS))
            kill9();
    }

    /** SIGSTOP: the process freezes (a long GC pause, a hung host) until {@link #cont()}. */
    public void stop() throws IOException {
        Commands.signal(pid(), "STOP");
    }

    /** SIGCONT: a stopped process runs on, unaware of the time it lost. */
    public void cont() throws IOException {
        Commands.signal(pid(), "CONT");
    }

    /** Waits for a line of the log in which {@code pattern} is found; fails early if the process exits first. */
    public MatchResult awaitLine(Pattern pattern, Duration limit) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        LogLines lines = new LogLines(log);
        while (true) {
            boolean exited = !process.isAlive(); // checked before reading, so its last output is read
            for (String line = lines.next(exited); line != null; line = lines.next(exited)) {
                Matcher m = pattern.matcher(line);
                if (m.find())
                    return m.toMatchResult();
            }
            if (exited)
                throw failure("exited with status " + process.exitValue() + " before printing a line matching /"
                        + pattern + "/");
            if (System.nanoTime() - deadline > 0)
                throw failure("printed no line matching /" + pattern + "/ within " + limit.toSeconds() + " s");
            Thread.sleep(20);
        }
    }

    /** Waits for the exit; returns the exit status (128 + signal when killed by one). */
    public int awaitExit(Duration limit) throws InterruptedException {
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS))
            throw failure("did not exit within " + limit.toSeconds() + " s");
        return process.exitValue();
    }

    Process process() {
        return process;
    }

    private AssertionError failure(String what) {
        String text = logText();
        String tail = text.length() > LOG_TAIL_CHARS ? "..." + text.substring(text.length() - LOG_TAIL_CHARS) : text;
        return new AssertionError("host " + host + ", pid " + pid() + ": " + what + "; log " + log + ":\n" + tail);
    }

    @Override
    public String toString() {
        return "pid " + pid() + " on " + host;
    }

    /** Complete lines of a growing file, read from where the last read stopped. */
    private static final class LogLines {
        private final Path file;
        private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
        private final Deque<String> ready = new ArrayDeque<>();
        private long offset;

        LogLines(Path file) {
            this.file = file;
        }

        /** The next line, or null when none is complete; {@code last}: the writer is gone, so a partial line counts. */
        String next(boolean last) throws IOException {
            if (ready.isEmpty())
                read();
            if (ready.isEmpty() && last && partial.size() > 0) {
                ready.add(partial.toString(StandardCharsets.UTF_8));
                partial.reset();
            }
            return ready.poll();
        }

        private void read() throws IOException {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
                for (int n = channel.read(buffer, offset); n > 0; n = channel.read(buffer, offset)) {
                    offset += n;
                    buffer.flip();
                    while (buffer.hasRemaining()) {
                        byte b = buffer.get();
                        if (b == '\n') {
                            ready.add(partial.toString(StandardCharsets.UTF_8));
                            partial.reset();
                        } else {
                            partial.write(b);
                        }
                    }
                    buffer.clear();
                }
            } catch (NoSuchFileException e) {
                // not written yet
            }
        }
    }
}
