package io.celerity.benchmarks.replication;

import io.celerity.internal.replication.Endpoint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;

/**
 * Where host A (the source, where the harness writes) and host B (the replica) receive, and the streams each
 * direction uses there: the replication's data and control, and the raw ping and its echo beside them.
 */
record LinkAddresses(String a, int aPort, String b, int bPort) {

    static final int DATA_STREAM = 1;
    static final int CONTROL_STREAM = -1;
    static final int PING_STREAM = 1001;
    static final int ECHO_STREAM = 1002;
    static final int SINK_ID = 1;
    /** Fragments the raw ping's two ends take per poll: as many as the replica's sink, so both catch up alike. */
    static final int FRAGMENTS = 64;

    /** Both on this machine's loopback, on two ports free now. */
    static LinkAddresses loopback() {
        return new LinkAddresses("127.0.0.1", freePort(), "127.0.0.1", freePort());
    }

    private static int freePort() {
        try (DatagramSocket socket = new DatagramSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free UDP port", e);
        }
    }

    /** Where B receives stream {@code streamId}. */
    Endpoint onB(int streamId) {
        return Endpoint.udp(b + ":" + bPort, streamId);
    }

    /** Where A receives stream {@code streamId}. */
    Endpoint onA(int streamId) {
        return Endpoint.udp(a + ":" + aPort, streamId);
    }

    /** The form {@link #parse} reads, for the replica's command line. */
    @Override
    public String toString() {
        return a + ":" + aPort + "," + b + ":" + bPort;
    }

    static LinkAddresses parse(String text) {
        String[] sides = text.split(",");
        if (sides.length != 2)
            throw new IllegalArgumentException("link '" + text + "': expected A-HOST:PORT,B-HOST:PORT");
        int a = sides[0].lastIndexOf(':');
        int b = sides[1].lastIndexOf(':');
        return new LinkAddresses(sides[0].substring(0, a), Integer.parseInt(sides[0].substring(a + 1)),
                sides[1].substring(0, b), Integer.parseInt(sides[1].substring(b + 1)));
    }
}
