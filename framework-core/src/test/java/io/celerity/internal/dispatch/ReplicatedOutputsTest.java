package io.celerity.internal.dispatch;

import io.celerity.extension.ReplicaAcks;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.SystemTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an agent asks its context about its own writes: the index of the last one, and whether enough replicas hold
 * it, without waiting. The replicas here are a stand-in whose acknowledged index the test sets; AgentAnswersTest (in
 * framework-replication) runs it against a real replica on another host.
 */
class ReplicatedOutputsTest {

    @TempDir
    Path dir;

    /** Two replicas; {@code held[i]} is what replica i acknowledged. */
    private final long[] held = {-1, -1};
    private final ReplicaAcks replicas = (index, n) -> {
        int holding = 0;
        for (long h : held)
            if (h >= index)
                holding++;
        return holding >= n;
    };

    @Test
    void theLastOutputIsHeldOnceEnoughReplicasAcknowledgedIt() {
        try (ChronicleQueue queue = SingleChronicleQueueBuilder.binary(dir).build();
             ExcerptAppender appender = queue.createAppender()) {
            ServiceCounters counters = new ServiceCounters("gateway");
            DispatchContext context = context();
            assertEquals(-1, context.lastOutputIndex(), "no output context yet");
            context.output(appender, counters, new OutputAcks(replicas, 2, 0));
            assertEquals(-1, context.lastOutputIndex(), "nothing written yet");

            write(appender, counters);
            long first = context.lastOutputIndex();
            assertEquals(appender.lastIndexAppended(), first);
            write(appender, counters);
            long second = context.lastOutputIndex();
            assertTrue(second > first);

            assertFalse(context.replicated(first, 1));
            held[0] = first;
            assertTrue(context.replicated(first, 1));
            assertFalse(context.replicated(second, 1), "held up to the first only");
            assertFalse(context.replicated(first, 2), "one replica of the two asked");
            held[1] = second;
            assertTrue(context.replicated(first, 2));
            assertTrue(context.replicated(first, 5), "at most all the replicas there are");
        }
    }

    @Test
    void theQueuesAcksAreTheLeastAsked() {
        try (ChronicleQueue queue = SingleChronicleQueueBuilder.binary(dir).build();
             ExcerptAppender appender = queue.createAppender()) {
            DispatchContext context = context();
            context.output(appender, new ServiceCounters("gateway"), new OutputAcks(replicas, 2, 2));
            held[0] = 10;
            assertFalse(context.replicated(10, 1), "the queue's acks: 2 ask for both replicas");
            assertFalse(context.replicated(10, 0));
            held[1] = 10;
            assertTrue(context.replicated(10, 0));
        }
    }

    @Test
    void anOutputNotCopiedToAnotherHostIsHeldAtOnce() {
        DispatchContext context = context();
        assertTrue(context.replicated(123, 1));
        try (ChronicleQueue queue = SingleChronicleQueueBuilder.binary(dir).build();
             ExcerptAppender appender = queue.createAppender()) {
            context.output(appender, new ServiceCounters("gateway"), OutputAcks.NONE);
            assertTrue(context.replicated(123, 1));
        }
    }

    @Test
    void askingAllocatesNothing() {
        try (ChronicleQueue queue = SingleChronicleQueueBuilder.binary(dir).build();
             ExcerptAppender appender = queue.createAppender()) {
            ServiceCounters counters = new ServiceCounters("gateway");
            DispatchContext context = context();
            context.output(appender, counters, new OutputAcks(replicas, 2, 0));
            write(appender, counters);
            held[0] = context.lastOutputIndex();
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long thread = Thread.currentThread().getId();
            threads.getThreadAllocatedBytes(thread); // its own first call allocates
            long answers = ask(context, 10_000); // warm-up: JIT and first calls
            long before = threads.getThreadAllocatedBytes(thread);
            answers += ask(context, 1_000_000);
            long allocated = threads.getThreadAllocatedBytes(thread) - before;
            // One object per call would be 16 MB or more; what a JIT compilation leaves on the thread is a few hundred.
            assertTrue(allocated < 4_096, allocated + " bytes allocated by a million calls");
            assertEquals(1_010_000, answers);
        }
    }

    private static long ask(DispatchContext context, int times) {
        long yes = 0;
        for (int i = 0; i < times; i++)
            if (context.replicated(context.lastOutputIndex(), 1))
                yes++;
        return yes;
    }

    private static void write(ExcerptAppender appender, ServiceCounters counters) {
        counters.countOutput();
        appender.writeText("request");
    }

    private static DispatchContext context() {
        return new DispatchContext("gateway", SystemTimeProvider.INSTANCE,
                UniqueTimestamps.inMemory(1, SystemTimeProvider.INSTANCE));
    }
}
