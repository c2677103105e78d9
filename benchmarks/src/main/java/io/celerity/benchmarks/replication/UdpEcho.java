package io.celerity.benchmarks.replication;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.celerity.benchmarks.hop.Ping;
import io.celerity.benchmarks.peers.AeronIpcHop;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;

/** Host B's half of the raw Aeron ping: each ping received is claimed and sent straight back to A. */
final class UdpEcho implements Agent {

    private final Aeron aeron;
    private final LinkAddresses link;
    private final Ping received = new Ping();
    private final BufferClaim claim = new BufferClaim();
    private final FragmentHandler echo = this::echo;
    private Subscription pings;
    private ExclusivePublication echoes;

    UdpEcho(Aeron aeron, LinkAddresses link) {
        this.aeron = aeron;
        this.link = link;
    }

    @Override
    public void onStart() {
        pings = aeron.addSubscription(link.onB(LinkAddresses.PING_STREAM).channel(), LinkAddresses.PING_STREAM);
        echoes = aeron.addExclusivePublication(link.onA(LinkAddresses.ECHO_STREAM).channel(),
                LinkAddresses.ECHO_STREAM);
    }

    @Override
    public int doWork() {
        return pings.poll(echo, LinkAddresses.FRAGMENTS);
    }

    private void echo(DirectBuffer buffer, int offset, int length, Header header) {
        received.readFrom(buffer, offset);
        AeronIpcHop.publish(echoes, claim, received);
    }

    @Override
    public void onClose() {
        CloseHelper.closeAll(pings, echoes);
    }

    @Override
    public String roleName() {
        return "udp-echo";
    }
}
