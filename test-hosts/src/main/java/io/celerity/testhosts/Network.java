package io.celerity.testhosts;

import java.io.IOException;
import java.util.List;

/** What the hosts run on: isolated namespaces joined by a switch, or the machine's loopback shared by all. */
interface Network {

    /** True when each host has a network stack of its own. */
    boolean isolated();

    /** One line for logs and failures: what the hosts are and why. */
    String describe();

    /** The IP address of host number {@code host}. */
    String address(int host);

    /** {@code command} wrapped to run on host number {@code host}. */
    List<String> onHost(int host, List<String> command);

    /** Takes the host's link down: its packets go nowhere until {@link #linkUp}. */
    void linkDown(int host) throws IOException;

    /** Brings the host's link back up. */
    void linkUp(int host) throws IOException;

    /** The pids running inside the network's namespaces, whoever started them (none for loopback). */
    List<Long> pids() throws IOException;

    /** The namespaces this network created and has not deleted yet. */
    List<String> namespaces();

    /** Deletes every namespace and link it created; throws after trying them all if any is left. */
    void close() throws IOException;
}
