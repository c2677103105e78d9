package io.celerity.benchmarks.harness;

import net.openhft.chronicle.core.OS;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Measures a run's {@link RunConditions}: read once before and once after, never while messages flow. */
final class ConditionsMeter {
    private static final Path LOAD_AVERAGE = Path.of("/proc/loadavg");
    private static final Path VM_STAT = Path.of("/proc/vmstat");
    private static final String PAGES_WRITTEN = "nr_written ";

    private final int[] sender;
    private final int[] handlers;
    private final OtherThreadsCpu others;
    private ThreadCounters senderBefore;
    private ThreadCounters handlersBefore;
    private long pagesWrittenBefore;

    /** Null if this OS does not count per thread. */
    static ConditionsMeter of(Thread sender, List<Thread> handlers) {
        return ThreadCounters.available()
                ? new ConditionsMeter(NativeThreadIds.of(List.of(sender)), NativeThreadIds.of(handlers)) : null;
    }

    private ConditionsMeter(int[] sender, int[] handlers) {
        this.sender = sender;
        this.handlers = handlers;
        this.others = new OtherThreadsCpu(sender, handlers);
    }

    void start() {
        senderBefore = ThreadCounters.read(sender);
        handlersBefore = ThreadCounters.read(handlers);
        others.start();
        pagesWrittenBefore = pagesWritten();
    }

    RunConditions finish() {
        return new RunConditions(ThreadCounters.read(sender).minus(senderBefore),
                ThreadCounters.read(handlers).minus(handlersBefore), others.finish(),
                (pagesWritten() - pagesWrittenBefore) * OS.pageSize(), loadAverage());
    }

    /** Pages the kernel has written back to disk since boot, for the whole machine. */
    private static long pagesWritten() {
        try {
            for (String line : Files.readAllLines(VM_STAT))
                if (line.startsWith(PAGES_WRITTEN))
                    return Long.parseLong(line.substring(PAGES_WRITTEN.length()).trim());
            return 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(LOAD_AVERAGE).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
