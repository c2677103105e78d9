package io.celerity.internal.replication;

import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;

/**
 * One host's half of a replication link, in this JVM: its own media driver, its queue, and its agent on its own
 * thread. Closing it is what a host going away does to the link (its driver goes too).
 */
final class Side<A extends Agent> implements AutoCloseable {

    final SingleChronicleQueue queue;
    final A agent;
    final List<Throwable> errors = new CopyOnWriteArrayList<>();
    private final AeronConnection aeron;
    private final AgentRunner runner;

    private Side(Path aeronDir, Path queueDir, RollCycle rollCycle,
                 BiFunction<SingleChronicleQueue, AeronConnection, A> agentFactory) {
        aeron = AeronConnection.embedded(aeronDir);
        queue = open(queueDir, rollCycle);
        agent = agentFactory.apply(queue, aeron);
        // Parks soon when idle: the machine has two cores and the test writes on one.
        runner = new AgentRunner(new BackoffIdleStrategy(10, 10, 1_000, 100_000), errors::add, null, agent);
        AgentRunner.startOnThread(runner);
        while (runner.thread() == null)
            Thread.onSpinWait();
    }

    static SingleChronicleQueue open(Path dir, RollCycle rollCycle) {
        return SingleChronicleQueueBuilder.binary(dir).rollCycle(rollCycle).build();
    }

    static Side<QueueSource> source(Path aeronDir, Path queueDir, RollCycle rollCycle, Endpoint control,
                                    List<SinkEndpoint> sinks) {
        return new Side<>(aeronDir, queueDir, rollCycle,
                (queue, aeron) -> new QueueSource("orders", queue, aeron.aeron(), control, sinks));
    }

    static Side<QueueSink> sink(Path aeronDir, Path queueDir, RollCycle rollCycle, int sinkId, Endpoint data,
                                Endpoint control) {
        return new Side<>(aeronDir, queueDir, rollCycle, (queue, aeron) -> new QueueSink("orders", queue,
                aeron.aeron(), sinkId, data, control, 64, Duration.ofNanos(20_000)));
    }

    Thread thread() {
        return runner.thread();
    }

    @Override
    public void close() {
        runner.close();
        aeron.close();
        queue.close();
    }
}
