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
 */
record FixGatewayConfig(String name, String eventLoop, Path stateDir, String host, int port, String dictionary,
                        String inboundQueue, String inboundMapper, String outboundQueue, String outboundMapper,
                        String errorsQueue, Duration heartbeat, boolean resetSeqNumOnLogon,
                        Duration reconnectInterval, List<FixSessionConfig> sessions) {

    FixGatewayConfig {
        sessions = List.copyOf(sessions);
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
