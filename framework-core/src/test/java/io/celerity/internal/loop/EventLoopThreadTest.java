package io.celerity.internal.loop;

import io.celerity.config.Affinity;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.PauserType;
import io.celerity.internal.history.InputHistory;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What stops a loop: the JVM's report of a faulting memory-mapped write, wherever the loop thread is when it comes. */
class EventLoopThreadTest {

    private static final String FAULT =
            "a fault occurred in a recent unsafe memory access operation in compiled Java code";

    /**
     * A page touched ahead while idle faults on a full file system; the JVM reports it as an InternalError a moment
     * later, in whatever the thread runs then (a loaded run saw it in the pauser, outside any handling, and the loop
     * thread died without stopping its host). Here the touch itself throws it.
     */
    @Test
    void aFaultWhileIdleStopsTheHostAsACrashWould() throws Exception {
        BlockingQueue<String> stops = new ArrayBlockingQueue<>(1);
        Toucher toucher = new Toucher();
        EventLoopThread loop = new EventLoopThread(new EventLoopConfig("test", PauserType.BUSY, Affinity.NONE),
                List.of(toucher), Duration.ofSeconds(60), stops::add);
        loop.start();
        String why = stops.poll(60, TimeUnit.SECONDS);
        loop.close(); // returns once the loop has ended

        assertEquals("service 'toucher': " + FAULT + " (a memory-mapped queue write faulted: is its file system "
                + "full?)", why);
        assertTrue(toucher.abandoned.get(), "left as a crash leaves it: its queues' appenders not closed");
        assertFalse(toucher.closed.get());
    }

    private static final class Toucher implements LoopParticipant {
        final AtomicBoolean abandoned = new AtomicBoolean();
        final AtomicBoolean closed = new AtomicBoolean();

        @Override
        public String name() {
            return "toucher";
        }

        @Override
        public void open(InputHistory history) {
        }

        @Override
        public int doWork() {
            return 0;
        }

        @Override
        public void idle() {
            throw new InternalError(FAULT);
        }

        @Override
        public void close() {
            closed.set(true);
        }

        @Override
        public void abandon() {
            abandoned.set(true);
        }
    }
}
