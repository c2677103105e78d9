package io.celerity.internal.replication;

import io.celerity.extension.OutputGate;

/**
 * The output gate of a highly available service on a host that may write it: open while this host holds the service's
 * lease and its copy of the output is the source; deposed once another host has taken it over. Any thread.
 */
public interface LeaseGate extends OutputGate {

    /** The fencing token of the lease this host holds or last held (one more per takeover); 0 for none yet. */
    long token();

    /** What this host is to the service at {@code nowNanos}: primary, standby or deposed. */
    default String role(long nowNanos) {
        return switch (state(nowNanos)) {
            case OPEN -> "primary";
            case DEPOSED -> "deposed";
            case CLOSED -> "standby";
        };
    }
}
