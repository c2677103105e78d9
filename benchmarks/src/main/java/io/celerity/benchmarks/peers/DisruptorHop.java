package io.celerity.benchmarks.peers;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import io.celerity.benchmarks.harness.Probe;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.hop.Ping;


/**
 * The hop on the LMAX Disruptor: two single-producer ring buffers of preallocated pings. One spinning thread polls
 * {@code pings} with an {@link EventPoller}, copies each ping into {@code echoes}, and polls {@code echoes} to sample
 * the probe. Nothing is persisted: the rings live on the heap.
 */
public final class DisruptorHop extends SpinningHop {
    /** Room for 0.8 s of messages at 20k msg/s, so a stalled handler does not stop the sender at once. */
    static final int RING_SIZE = 1 << 14;

    private RingBuffer<Ping> pings;
    private long sequence;

    public DisruptorHop(int handlerCpu) {
        super(handlerCpu);
    }

    @Override
    public void start(Probes probes) {
        pings = ring();
        RingBuffer<Ping> echoes = ring();
        EventPoller<Ping> pingPoller = poller(pings);
        EventPoller<Ping> echoPoller = poller(echoes);
        Probe endToEnd = probes.endToEnd();
        // one event per poll, as the baseline reads one message per queue per pass
        EventPoller.Handler<Ping> echo = (ping, seq, endOfBatch) -> {
            long slot = echoes.next();
            echoes.get(slot).copyFrom(ping);
            echoes.publish(slot);
            return false;
        };
        EventPoller.Handler<Ping> sink = (ping, seq, endOfBatch) -> {
            endToEnd.sample(System.nanoTime() - ping.startNanos);
            return false;
        };
        startHandler("disruptor-hop", () -> {
            while (running()) {
                pingPoller.poll(echo);
                echoPoller.poll(sink);
            }
        });
    }

    private static RingBuffer<Ping> ring() {
        return RingBuffer.createSingleProducer(Ping::new, RING_SIZE, new BusySpinWaitStrategy());
    }

    private static EventPoller<Ping> poller(RingBuffer<Ping> ring) {
        EventPoller<Ping> poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence()); // the producer must not lap the poller
        return poller;
    }

    @Override
    public void send(long startNanos) {
        long slot = pings.next();
        pings.get(slot).next(startNanos, sequence++);
        pings.publish(slot);
    }
}
