package io.celerity.benchmarks.replication;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.celerity.benchmarks.harness.Probe;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.hop.Ping;
import io.celerity.benchmarks.peers.AeronIpcHop;
import org.agrona.CloseHelper;

import java.nio.file.Path;

/**
 * The transport alone, for scale: the harness publishes a 48-byte ping from A to B over Aeron UDP, B's
 * {@link UdpEcho} sends it back, and A's thread samples the probe when the echo arrives. Same drivers, same network,
 * same threads as the replication; no queue on either side.
 */
final class AeronUdpPing extends LinkHop {

    private final Ping ping = new Ping();
    private final BufferClaim claim = new BufferClaim();
    private long sequence;
    private Probe endToEnd;
    private FragmentHandler sink;
    private volatile ExclusivePublication pings;
    private Subscription echoes;

    AeronUdpPing(DriverMode mode, LoopIdle idle, LinkAddresses remote, int handlerCpu) {
        super(mode, idle, remote, handlerCpu);
    }

    @Override
    void prepare(Path dir, Probes probes) {
        endToEnd = probes.endToEnd();
        Ping echoed = new Ping();
        sink = (buffer, offset, length, header) -> {
            echoed.readFrom(buffer, offset);
            endToEnd.sample(System.nanoTime() - echoed.startNanos);
        };
    }

    @Override
    void open(AeronSide a) {
        echoes = a.aeron().addSubscription(link().onA(LinkAddresses.ECHO_STREAM).channel(), LinkAddresses.ECHO_STREAM);
        pings = a.aeron().addExclusivePublication(link().onB(LinkAddresses.PING_STREAM).channel(),
                LinkAddresses.PING_STREAM);
    }

    @Override
    boolean ready() {
        return pings.isConnected() && echoes.isConnected();
    }

    @Override
    public void send(long startNanos) {
        AeronIpcHop.publish(pings, claim, ping.next(startNanos, sequence++));
    }

    @Override
    int work() {
        return echoes.poll(sink, LinkAddresses.FRAGMENTS);
    }

    @Override
    void closeOnThread() {
        CloseHelper.closeAll(pings, echoes);
    }
}
