package io.celerity.internal.replication;

import net.openhft.chronicle.core.time.SystemTimeProvider;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/** A source queue and one sink on loopback, each side started and stopped on its own, as if on two hosts. */
final class Link implements AutoCloseable {

    static final int SINK = 7;

    private final Path dir;
    private final RollCycle rollCycle;
    private final long blockSize;
    private TimeProvider clock = SystemTimeProvider.INSTANCE;
    private final Endpoint control = Endpoint.udp("127.0.0.1:" + freePort(), 1001);
    private final Endpoint data = Endpoint.udp("127.0.0.1:" + freePort(), 1002);
    Side<QueueSource> source;
    Side<QueueSink> sink;

    Link(Path dir, RollCycle rollCycle) {
        this(dir, rollCycle, 0);
    }

    /** @param blockSize how much of a cycle file is mapped at a time; 0: Chronicle's default */
    Link(Path dir, RollCycle rollCycle, long blockSize) {
        this.dir = dir;
        this.rollCycle = rollCycle;
        this.blockSize = blockSize;
    }

    /** The clock every queue of this link is opened with, which decides the cycle a document is written in. */
    Link clock(TimeProvider clock) {
        this.clock = clock;
        return this;
    }

    SingleChronicleQueue openSource() {
        return open(sourceQueue(), rollCycle);
    }

    SingleChronicleQueue openSink() {
        return open(sinkQueue(), rollCycle);
    }

    SingleChronicleQueue open(Path queue, RollCycle rollCycle) {
        SingleChronicleQueueBuilder builder = SingleChronicleQueueBuilder.binary(queue).rollCycle(rollCycle)
                .timeProvider(clock);
        return (blockSize == 0 ? builder : builder.blockSize(blockSize)).build();
    }

    Endpoint control() {
        return control;
    }

    Endpoint data() {
        return data;
    }

    Path sourceQueue() {
        return dir.resolve("a/orders");
    }

    Path sinkQueue() {
        return dir.resolve("b/orders");
    }

    Side<QueueSource> startSource() {
        return source = Side.source(dir.resolve("a/aeron"), openSource(), control,
                List.of(new SinkEndpoint(SINK, data)));
    }

    Side<QueueSink> startSink() {
        return startSink(AckPolicy.DEFAULT);
    }

    Side<QueueSink> startSink(AckPolicy ack) {
        return sink = Side.sink(dir.resolve("b/aeron"), openSink(), SINK, data, control, ack);
    }

    void stopSource() {
        source.close();
        source = null;
    }

    void stopSink() {
        sink.close();
        sink = null;
    }

    /** Waits until the sink holds {@code index}: a liveness limit, generous for a loaded machine. */
    void awaitSinkHolds(long index) {
        await("the sink to hold index " + Long.toHexString(index), Duration.ofSeconds(120),
                () -> sink.agent.lastIndex() >= index);
    }

    static void await(String what, Duration limit, BooleanSupplier done) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline)
                fail("waited " + limit.toSeconds() + " s for " + what);
            sleep(1);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static int freePort() {
        try (DatagramSocket socket = new DatagramSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (sink != null)
            stopSink();
        if (source != null)
            stopSource();
    }
}
