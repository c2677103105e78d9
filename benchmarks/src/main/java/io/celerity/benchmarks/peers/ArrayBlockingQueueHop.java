package io.celerity.benchmarks.peers;

import io.celerity.benchmarks.harness.Probe;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.hop.Ping;

import java.util.concurrent.ArrayBlockingQueue;

/**
 * The hop on two {@link ArrayBlockingQueue}s, the JDK's bounded queue guarded by one lock: the sender offers pings
 * from a preallocated pool, one spinning thread polls {@code pings}, offers the same ping to {@code echoes} and polls
 * {@code echoes} to sample the probe. Only non-blocking {@code offer}/{@code poll} are used. Nothing is persisted.
 */
public final class ArrayBlockingQueueHop extends SpinningHop {
    /** Room for 0.8 s of messages at 20k msg/s, as the Disruptor's rings. */
    static final int CAPACITY = DisruptorHop.RING_SIZE;
    /** More pings than can be in flight (both queues full and one in hand), so none is reused before it arrives. */
    static final int POOL_SIZE = 2 * CAPACITY + 2;

    private final Ping[] pool = new Ping[POOL_SIZE];
    private ArrayBlockingQueue<Ping> pings;
    private long sequence;

    public ArrayBlockingQueueHop(int handlerCpu) {
        super(handlerCpu);
        for (int i = 0; i < POOL_SIZE; i++)
            pool[i] = new Ping();
    }

    @Override
    public void start(Probes probes) {
        pings = new ArrayBlockingQueue<>(CAPACITY);
        ArrayBlockingQueue<Ping> echoes = new ArrayBlockingQueue<>(CAPACITY);
        Probe endToEnd = probes.endToEnd();
        startHandler("abq-hop", () -> {
            while (running()) {
                Ping ping = pings.poll();
                if (ping != null)
                    offer(echoes, ping);
                Ping echo = echoes.poll();
                if (echo != null)
                    endToEnd.sample(System.nanoTime() - echo.startNanos);
            }
        });
    }

    /** Spins until the queue takes the ping: a full queue delays the message, it never drops it. */
    private static void offer(ArrayBlockingQueue<Ping> queue, Ping ping) {
        while (!queue.offer(ping))
            Thread.onSpinWait();
    }

    @Override
    public void send(long startNanos) {
        Ping ping = pool[(int) (sequence % POOL_SIZE)].next(startNanos, sequence);
        sequence++;
        offer(pings, ping);
    }
}
