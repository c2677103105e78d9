package io.celerity.internal.replication;

import java.util.Objects;

/**
 * Where one direction of a replication link is received: an Aeron channel and stream.
 *
 * @param channel  an Aeron channel URI, e.g. {@code aeron:udp?endpoint=10.0.0.2:40123}
 * @param streamId the Aeron stream id on that channel
 */
public record Endpoint(String channel, int streamId) {

    public Endpoint {
        Objects.requireNonNull(channel, "channel");
    }

    /** A UDP unicast endpoint at {@code host:port}. */
    public static Endpoint udp(String hostAndPort, int streamId) {
        return new Endpoint("aeron:udp?endpoint=" + hostAndPort, streamId);
    }
}
