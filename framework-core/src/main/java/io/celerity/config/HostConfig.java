package io.celerity.config;

/**
 * A machine of a deployment spread over several hosts, and where its replication listens: queues written on other
 * hosts are copied to this one over Aeron UDP at {@code address:port}.
 *
 * @param name    the name queues use to say where they are written and copied
 * @param address its IP address (or host name) as the other hosts reach it
 * @param port    the UDP port its replication listens on
 */
public record HostConfig(String name, String address, int port) {

    /** The Aeron endpoint of this host, {@code address:port}. */
    public String endpoint() {
        return address + ":" + port;
    }
}
