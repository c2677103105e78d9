package io.celerity.internal.replication;

import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
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
    private final AtomicLong passes = new AtomicLong(); // the agent's doWork calls that returned

    private Side(Path aeronDir, SingleChronicleQueue queue,
                 BiFunction<SingleChronicleQueue, AeronConnection, A> agentFactory) {
        aeron = AeronConnection.embedded(aeronDir);
        this.queue = queue;
        agent = agentFactory.apply(queue, aeron);
        // Parks soon when idle: the machine has two cores and the test writes on one.
        runner = new AgentRunner(new BackoffIdleStrategy(10, 10, 1_000, 100_000), errors::add, null, counted(agent));
        AgentRunner.startOnThread(runner);
        while (runner.thread() == null)
            Thread.onSpinWait();
    }

    /** Any agent over this side's own media driver, e.g. a highly available replicator. */
    static <A extends Agent> Side<A> of(Path aeronDir, SingleChronicleQueue queue,
                                        BiFunction<SingleChronicleQueue, AeronConnection, A> agentFactory) {
        return new Side<>(aeronDir, queue, agentFactory);
    }

    static Side<QueueSource> source(Path aeronDir, SingleChronicleQueue queue, Endpoint control,
                                    List<SinkEndpoint> sinks) {
        return new Side<>(aeronDir, queue,
                (q, aeron) -> new QueueSource("orders", q, aeron.aeron(), control, sinks));
    }

    static Side<QueueSink> sink(Path aeronDir, SingleChronicleQueue queue, int sinkId, Endpoint data,
                                Endpoint control) {
        return sink(aeronDir, queue, sinkId, data, control, AckPolicy.DEFAULT);
    }

    static Side<QueueSink> sink(Path aeronDir, SingleChronicleQueue queue, int sinkId, Endpoint data,
                                Endpoint control, AckPolicy ack) {
        return new Side<>(aeronDir, queue, (q, aeron) -> new QueueSink("orders", q,
                aeron.aeron(), sinkId, data, control, ack));
    }

    // The agent, its passes counted: a test that asserts nothing happened first sees it had its chance.
    private Agent counted(A agent) {
        return new Agent() {
            @Override
            public void onStart() {
                agent.onStart();
            }

            @Override
            public int doWork() throws Exception {
                int work = agent.doWork();
                passes.incrementAndGet();
                return work;
            }

            @Override
            public void onClose() {
                agent.onClose();
            }

            @Override
            public String roleName() {
                return agent.roleName();
            }
        };
    }

    /** Waits until the agent has run {@code n} more passes than now: whatever it would have done, it had the chance. */
    void awaitPasses(int n) {
        long target = passes.get() + n;
        Link.await(n + " more passes of " + agent.roleName(), Duration.ofSeconds(60), () -> passes.get() >= target);
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
