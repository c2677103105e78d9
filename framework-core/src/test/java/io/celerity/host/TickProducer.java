package io.celerity.host;

import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import net.openhft.chronicle.queue.ChronicleQueue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** A producer thread writing ticks 0, 1, 2... of one stream to a queue at a steady rate until stopped. */
final class TickProducer implements AutoCloseable {

    private final Path queue;
    private final long stream;
    private final int ratePerSecond;
    private final AtomicBoolean producing = new AtomicBoolean(true);
    private final AtomicLong produced = new AtomicLong();
    private final Thread thread;

    TickProducer(Path queue, long stream, int ratePerSecond) {
        this.queue = queue;
        this.stream = stream;
        this.ratePerSecond = ratePerSecond;
        this.thread = new Thread(this::produce, "producer-" + stream);
        thread.start();
    }

    long produced() {
        return produced.get();
    }

    /** Stops producing and waits for the thread; safe to call more than once. */
    @Override
    public void close() throws InterruptedException {
        producing.set(false);
        thread.join();
    }

    private void produce() {
        try (ChronicleQueue q = Queues.open(queue)) {
            TickIn writer = q.methodWriter(TickIn.class);
            Tick tick = new Tick();
            long start = System.nanoTime();
            for (long i = 0; producing.get(); i++) {
                long due = start + i * 1_000_000_000L / ratePerSecond;
                while (System.nanoTime() < due)
                    Thread.sleep(1);
                writer.tick(tick.set(stream, i, i));
                produced.incrementAndGet();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
