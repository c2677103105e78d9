package io.celerity.internal.fix;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One FIX gateway of {@code services.yaml}'s {@code fix:} section: an Artio engine accepting sessions on a port
 * ({@code port} 0: none) and initiating others, its inbound application messages mapped to events on one queue, the
 * events of another mapped to messages out.
 *
 * @param stateDir         Artio's state: sequence numbers, the archive of messages sent and received, each session's
 *                         outbound resume point
 * @param dictionary       the {@code FixDictionaryImpl} Artio generated from the user's dictionary
 * @param errorsQueue      where bad messages are reported, or {@code null}
 * @param resetSeqNumOnLogon whether each logon starts both directions at 1 again; false keeps them across logons
 *                         and restarts, as the FIX session protocol expects between two long-lived parties
 * @param reconnectInterval how long an initiator session waits before connecting again after a failure or a disconnect
 * @param standby          how a standby on another host takes the gateway over, or {@code null} for none
 */
record FixGatewayConfig(String name, String eventLoop, Path stateDir, String host, int port, String dictionary,
                        String inboundQueue, String inboundMapper, String outboundQueue, String outboundMapper,
                        String errorsQueue, Duration heartbeat, boolean resetSeqNumOnLogon,
                        Duration reconnectInterval, List<FixSessionConfig> sessions, Standby standby) {

    FixGatewayConfig {
        sessions = List.copyOf(sessions);
    }

    /**
     * A highly available gateway's standby: it keeps the sessions' state warm from copies of the inbound queue, the
     * journal and the outbound queue, and takes the sessions over once it holds the gateway's lease.
     *
     * @param host               the standby's host; the primary is the inbound queue's
     * @param journalQueue       the queue of what each session sent (MsgSeqNum, outbound event), copied to the standby
     * @param replicasBeforeSend how many replicas hold a message's journal record and outbound event before it is sent
     * @param acceptHost         where the standby accepts sessions once it took over
     */
    record Standby(String host, String journalQueue, int replicasBeforeSend, String acceptHost, int acceptPort) {
    }

    /** This gateway as it runs on {@code host}: a standby accepts where {@code standbyAcceptor} says. */
    FixGatewayConfig on(String host) {
        if (standby == null || !standby.host().equals(host))
            return this;
        return new FixGatewayConfig(name, eventLoop, stateDir, standby.acceptHost(), standby.acceptPort(), dictionary,
                inboundQueue, inboundMapper, outboundQueue, outboundMapper, errorsQueue, heartbeat, resetSeqNumOnLogon,
                reconnectInterval, sessions, standby);
    }

    /** The queues it writes: they change host with it. */
    List<String> outputs() {
        List<String> outputs = new java.util.ArrayList<>(List.of(inboundQueue));
        if (standby != null)
            outputs.add(standby.journalQueue());
        if (errorsQueue != null)
            outputs.add(errorsQueue);
        return outputs;
    }

    /** Whether it accepts sessions (has an acceptor). */
    boolean accepts() {
        return port > 0;
    }

    /** The session whose messages carry {@code sourceId} in their history, or {@code null}. */
    FixSessionConfig sessionWithSource(int sourceId) {
        for (FixSessionConfig s : sessions)
            if (s.sourceId() == sourceId)
                return s;
        return null;
    }
}
