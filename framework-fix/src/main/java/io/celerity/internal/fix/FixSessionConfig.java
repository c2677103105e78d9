package io.celerity.internal.fix;

/**
 * One FIX session of a gateway: accepted on its acceptor, or initiated to {@code connectHost:connectPort}.
 *
 * @param senderCompId our CompID (the counterparty's TargetCompID)
 * @param targetCompId the counterparty's CompID
 * @param sourceId     the source id its messages carry in message history, with their MsgSeqNum as the index
 * @param connectHost  where the gateway connects to log on, or {@code null} for a session it accepts
 */
record FixSessionConfig(String name, String senderCompId, String targetCompId, int sourceId, String connectHost,
                        int connectPort) {

    /** A session the gateway accepts. */
    FixSessionConfig(String name, String senderCompId, String targetCompId, int sourceId) {
        this(name, senderCompId, targetCompId, sourceId, null, 0);
    }

    /** Whether the gateway initiates it (connects and logs on) rather than accepting it. */
    boolean initiator() {
        return connectHost != null;
    }
}
