package io.celerity.benchmarks.harness;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time of this JVM's threads other than the measured ones, by kind. With the measured threads spinning on every
 * core, each of those nanoseconds was taken from one of them, whatever else the machine was doing.
 */
final class OtherThreadsCpu {
    private static final Path TASKS = Path.of("/proc/self/task");

    /** What the other threads did, in CPU nanoseconds. */
    record Usage(long jitNanos, long gcNanos, long restNanos) {
    }

    private final long[] measured;
    private final Map<Long, Long> runtimeBefore = new HashMap<>();

    OtherThreadsCpu(int[] sender, int[] handlers) {
        measured = new long[sender.length + handlers.length];
        for (int i = 0; i < sender.length; i++)
            measured[i] = sender[i];
        for (int i = 0; i < handlers.length; i++)
            measured[sender.length + i] = handlers[i];
    }

    void start() {
        runtimeBefore.clear();
        forEachOther((tid, name, runtime) -> runtimeBefore.put(tid, runtime));
    }

    /** Since {@link #start()}; a thread started meanwhile counts in full, one that ended meanwhile not at all. */
    Usage finish() {
        long[] byKind = new long[3];
        forEachOther((tid, name, runtime) ->
                byKind[kind(name)] += runtime - runtimeBefore.getOrDefault(tid, 0L));
        return new Usage(byKind[0], byKind[1], byKind[2]);
    }

    // HotSpot's thread names as Linux keeps them (15 characters): "C2 CompilerThre", "GC Thread#0", "G1 Refine#0"
    private static int kind(String name) {
        if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre"))
            return 0;
        if (name.startsWith("GC Thread") || name.startsWith("G1 "))
            return 1;
        return 2;
    }

    private interface TaskVisitor {
        void visit(long tid, String name, long runtimeNanos);
    }

    private void forEachOther(TaskVisitor visitor) {
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                long tid = Long.parseLong(task.getFileName().toString());
                if (isMeasured(tid))
                    continue;
                try {
                    String name = Files.readString(task.resolve("comm")).trim();
                    long runtime = Long.parseLong(Files.readString(task.resolve("schedstat")).split(" ")[0]);
                    visitor.visit(tid, name, runtime);
                } catch (IOException ended) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list this JVM's threads under " + TASKS, e);
        }
    }

    private boolean isMeasured(long tid) {
        for (long m : measured)
            if (m == tid)
                return true;
        return false;
    }
}
