package io.celerity.torture;

import io.celerity.testhosts.HostProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Thread dumps of a failed trial's processes still alive, taken before the harness ends them: what each thread was
 * doing when the trial was found stuck. Twice, a few seconds apart: a stalled thread shows the same stack in both.
 */
final class ThreadDumps {

    /** How long one dump may take: jcmd is a JVM of its own, and the machine may be busy. */
    private static final long LIMIT_SECONDS = 20;
    private static final long APART_MILLIS = 3_000;
    // The JDK the hosts run on (JavaCommand starts them with java.home's java), so its jcmd attaches to them.
    private static final Path JCMD = Path.of(System.getProperty("java.home"), "bin", "jcmd");

    private ThreadDumps() {
    }

    /**
     * Two dumps of each live process, next to its log as {@code HOST-threads-1.txt} and {@code -2.txt}; returns a line
     * for the trial's report saying which were dumped and why any could not be.
     */
    static String take(Collection<HostProcess> processes) throws InterruptedException {
        List<HostProcess> live = processes.stream().filter(HostProcess::isAlive).toList();
        if (live.isEmpty())
            return "no thread dump: no host alive";
        Set<String> dumped = new LinkedHashSet<>();
        List<String> failed = new ArrayList<>();
        for (int n = 1; n <= 2; n++) {
            if (n == 2)
                Thread.sleep(APART_MILLIS);
            for (HostProcess p : live) {
                String why = dump(jvmPid(p.pid()), p.log().resolveSibling(p.host() + "-threads-" + n + ".txt"));
                if (why == null)
                    dumped.add(p.host());
                else
                    failed.add("no dump " + n + " of " + p.host() + ": " + why);
            }
        }
        return (dumped.isEmpty() ? "no thread dump" : "thread dumps of " + String.join(", ", dumped)
                + " next to their logs (HOST-threads-1.txt, -2.txt " + APART_MILLIS / 1000 + " s later)")
                + (failed.isEmpty() ? "" : "; " + String.join("; ", failed));
    }

    /** Writes {@code jcmd PID Thread.print -l} to {@code file}; null once written, else why not, in one line. */
    static String dump(long pid, Path file) throws InterruptedException {
        if (!Files.isExecutable(JCMD))
            return "no " + JCMD + " (a JRE without the JDK's tools)";
        Process jcmd;
        try {
            jcmd = new ProcessBuilder(JCMD.toString(), Long.toString(pid), "Thread.print", "-l")
                    .redirectErrorStream(true).redirectOutput(file.toFile()).start();
        } catch (IOException e) {
            return "jcmd did not start: " + e;
        }
        if (!jcmd.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
            jcmd.destroyForcibly();
            return "jcmd wrote no dump of pid " + pid + " within " + LIMIT_SECONDS + " s; see " + file;
        }
        return jcmd.exitValue() == 0 ? null : "jcmd exited " + jcmd.exitValue() + " for pid " + pid + ": "
                + lastLine(file);
    }

    // ip netns exec runs the JVM in its own place (HostProcess.pid); should a wrapper ever fork it, its java child.
    private static long jvmPid(long pid) {
        return ProcessHandle.of(pid).filter(p -> !isJava(p))
                .flatMap(p -> p.descendants().filter(ThreadDumps::isJava).findFirst())
                .map(ProcessHandle::pid).orElse(pid);
    }

    private static boolean isJava(ProcessHandle p) {
        return p.info().command().map(c -> Path.of(c).getFileName().toString().equals("java")).orElse(true);
    }

    private static String lastLine(Path file) {
        try {
            List<String> lines = Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList();
            return lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1).strip();
        } catch (IOException e) {
            return "(its output unread: " + e + ")";
        }
    }
}
