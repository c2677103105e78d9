package io.celerity.internal.loop;

/**
 * Thrown by a loop participant that must not go on, nor let its host go on: e.g. a highly available service whose
 * standby has taken over. Its loop stops at once and the host stops, saying why.
 */
public final class HostMustStop extends RuntimeException {

    public HostMustStop(String reason) {
        super(reason, null, false, false);
    }
}
