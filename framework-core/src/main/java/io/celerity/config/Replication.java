package io.celerity.config;

import java.util.List;

/**
 * Where a queue is written and where it is copied to. The copies are the same queue (same indexes, same bytes, same
 * message history), read-only to the services of their hosts.
 *
 * @param source   the host that writes the queue: the host of every service writing to it
 * @param replicas the hosts it is copied to, in order
 * @param acks     how many replicas must have persisted a document before a service writing it goes on: 0 (the
 *                 default) does not wait, which survives a process kill; 1 or more survives the loss of the source host
 */
public record Replication(String source, List<String> replicas, int acks) {

    public Replication {
        replicas = replicas == null ? List.of() : List.copyOf(replicas);
    }

    /** A queue written on {@code source} and copied nowhere. */
    public static Replication on(String source) {
        return new Replication(source, List.of(), 0);
    }

    /** Whether the queue can be read on {@code host}: it is written there or copied there. */
    public boolean availableOn(String host) {
        return source.equals(host) || replicas.contains(host);
    }
}
