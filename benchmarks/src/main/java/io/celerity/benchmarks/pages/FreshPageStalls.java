package io.celerity.benchmarks.pages;

import io.celerity.benchmarks.hop.BenchmarkData;
import io.celerity.internal.chronicle.PageToucher;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.queue.util.MicroTouched;
import net.openhft.chronicle.wire.DocumentContext;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Writes 48-byte messages to a fresh queue at a fixed rate, timing each write, and every {@value #BLOCK} writes asks
 * Linux whether the writing thread took a page fault meanwhile. Blocks in which the thread lost its CPU are left out,
 * so what remains is the cost of the faults themselves, on a busy machine too. Once per way of touching ahead.
 */
@Command(name = "fresh-pages", mixinStandardHelpOptions = true,
        description = "Times queue writes that take a page fault on a fresh page against those that do not, "
                + "touching the next page ahead while idle in different ways.")
public final class FreshPageStalls implements Callable<Integer> {
    static final int BLOCK = 500;
    private static final long HIGHEST_NANOS = 60_000_000_000L;
    private static final long PAYLOAD_LONGS = 6;

    /** How the writer spends its idle time before the next message is due. */
    enum Touch {
        /** spins, nothing else: the first write to a fresh page takes the fault */
        none,
        /** Chronicle's microTouch(): touches the next page (the kernel still reads ahead megabytes on that fault) */
        microtouch,
        /** Celerity's PageToucher: the unwritten part advised random access, then microTouch() */
        page_toucher
    }

    @Option(names = "--rate", description = "writes per second (default: ${DEFAULT-VALUE})")
    int rate = 100_000;

    @Option(names = "--messages", description = "writes per way of touching (default: ${DEFAULT-VALUE}); the first "
            + "fifth is not counted")
    int messages = 2_000_000;

    @Option(names = "--touch", split = ",", description = "ways of touching ahead, in order "
            + "(default: ${DEFAULT-VALUE}; known: ${COMPLETION-CANDIDATES})")
    List<Touch> touches = List.of(Touch.none, Touch.microtouch, Touch.page_toucher);

    @Override
    public Integer call() throws Exception {
        System.out.printf("fresh pages: %,d writes of %d bytes at %,d/s per way of touching; blocks of %d writes%n",
                messages, PAYLOAD_LONGS * 8, rate, BLOCK);
        for (Touch touch : touches)
            System.out.println(run(touch));
        return 0;
    }

    private String run(Touch touch) throws IOException {
        try (BenchmarkData data = new BenchmarkData("fresh-pages");
             ChronicleQueue queue = SingleChronicleQueueBuilder.binary(data.dir()).build();
             ExcerptAppender appender = queue.createAppender();
             ThisThreadCounters counters = new ThisThreadCounters()) {
            PageToucher toucher = new PageToucher(appender);
            MicroTouched microTouched = (MicroTouched) appender;
            BlockStalls stalls = new BlockStalls(messages / 5);
            long start = System.nanoTime();
            counters.read();
            stalls.startBlock(counters);
            for (int i = 0; i < messages; i++) {
                long due = start + i * 1_000_000_000L / rate;
                while (System.nanoTime() < due) {
                    long t0 = System.nanoTime();
                    if (touch == Touch.microtouch)
                        microTouched.microTouch();
                    else if (touch == Touch.page_toucher)
                        toucher.touchAhead();
                    stalls.touched(System.nanoTime() - t0);
                }
                long t0 = System.nanoTime();
                try (DocumentContext dc = appender.writingDocument()) {
                    for (long n = 0; n < PAYLOAD_LONGS; n++)
                        dc.wire().bytes().writeLong(i + n);
                }
                stalls.wrote(System.nanoTime() - t0);
                if ((i + 1) % BLOCK == 0) {
                    counters.read();
                    stalls.endBlock(i, counters);
                    stalls.startBlock(counters);
                }
            }
            return touch + ": " + stalls.describe();
        }
    }

    /** Per block of writes: the slowest write and touch, filed by whether the block had a page fault. */
    private static final class BlockStalls {
        private final long uncounted;
        private final Histogram faultWrites = new Histogram(HIGHEST_NANOS, 3);
        private final Histogram faultTouches = new Histogram(HIGHEST_NANOS, 3);
        private final Histogram quietWrites = new Histogram(HIGHEST_NANOS, 3);
        private long preempted;
        private long faults;
        private long counted;
        private long slowestWrite;
        private long slowestTouch;
        private long faultsBefore;
        private long waitBefore;
        private long scheduledBefore;

        BlockStalls(long uncounted) {
            this.uncounted = uncounted;
        }

        void startBlock(ThisThreadCounters c) {
            faultsBefore = c.faults();
            waitBefore = c.cpuWaitNanos();
            scheduledBefore = c.timesScheduled();
            slowestWrite = 0;
            slowestTouch = 0;
        }

        void touched(long nanos) {
            slowestTouch = Math.max(slowestTouch, nanos);
        }

        void wrote(long nanos) {
            slowestWrite = Math.max(slowestWrite, nanos);
        }

        void endBlock(long index, ThisThreadCounters c) {
            if (index < uncounted)
                return;
            long blockFaults = c.faults() - faultsBefore;
            counted += BLOCK;
            faults += blockFaults;
            if (c.cpuWaitNanos() != waitBefore || c.timesScheduled() != scheduledBefore) {
                preempted++; // the slowest write may be the scheduler's: left out
            } else if (blockFaults > 0) {
                faultWrites.recordValue(slowestWrite);
                faultTouches.recordValue(slowestTouch);
            } else {
                quietWrites.recordValue(slowestWrite);
            }
        }

        String describe() {
            return String.format("%,d page faults in %,d writes (%.5f per write); %,d blocks left out (lost the CPU)"
                            + "%n  blocks with a fault:    %,6d, slowest write in each %s%n"
                            + "                                  slowest touch in each %s%n"
                            + "  blocks without a fault: %,6d, slowest write in each %s",
                    faults, counted, (double) faults / counted, preempted, faultWrites.getTotalCount(),
                    micros(faultWrites), micros(faultTouches), quietWrites.getTotalCount(), micros(quietWrites));
        }

        private static String micros(Histogram h) {
            if (h.getTotalCount() == 0)
                return "-";
            return String.format("50%% %.1f, 99%% %.1f, worst %.1f us; %d over 1 ms, %d over 5 ms",
                    h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(99) / 1e3, h.getMaxValue() / 1e3,
                    h.getCountBetweenValues(1_000_001, HIGHEST_NANOS),
                    h.getCountBetweenValues(5_000_001, HIGHEST_NANOS));
        }
    }
}
