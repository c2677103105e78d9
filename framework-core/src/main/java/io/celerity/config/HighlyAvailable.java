package io.celerity.config;

import java.util.List;

/**
 * Something that writes queues on one of two hosts at a time, decided by a lease of the cluster: a service with a
 * {@code standby}, or a module's (e.g. a FIX gateway). Its primary is the host its first output is written on; its
 * standby keeps warm from copies and writes them once it holds the lease.
 *
 * @param name    the lease's name, unique among the deployment's services and the modules' writers
 * @param kind    what it is, for messages: {@code service}, {@code fix gateway}
 * @param outputs the queues it writes, each copied to its standby; all change host together
 * @param standby the host that takes over
 */
public record HighlyAvailable(String name, String kind, List<String> outputs, String standby) {

    public HighlyAvailable {
        outputs = List.copyOf(outputs);
        if (outputs.isEmpty())
            throw new IllegalArgumentException(kind + " '" + name + "' writes no queue");
    }

    /** How messages name it: {@code service 'order-manager'}. */
    public String describe() {
        return kind + " '" + name + "'";
    }
}
