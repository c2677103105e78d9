package io.celerity.internal.fix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;

/**
 * A gateway's sessions as {@code status.yaml} in its state directory, rewritten each second off the loop (best effort:
 * counters read as they are): state, sequence numbers in and out, messages, last message received.
 */
final class FixStatusFile {

    static final String NAME = "status.yaml";

    private FixStatusFile() {
    }

    static void write(FixGatewayConfig gateway, List<GatewaySession> sessions, String hostState) throws IOException {
        StringBuilder yaml = new StringBuilder()
                .append("gateway: ").append(gateway.name()).append('\n')
                .append("host: ").append(hostState).append('\n')
                .append("port: ").append(gateway.port()).append('\n')
                .append("sessions:\n");
        for (GatewaySession s : sessions) {
            var artio = s.artio;
            yaml.append("  ").append(s.config.name()).append(": { state: ")
                    .append(artio == null ? "DISCONNECTED" : artio.state())
                    .append(", lastReceivedSeqNum: ").append(artio == null ? s.lastInSeqNum : artio.lastReceivedMsgSeqNum())
                    .append(", lastSentSeqNum: ").append(artio == null ? "unknown" : artio.lastSentMsgSeqNum())
                    .append(", received: ").append(s.received)
                    .append(", sent: ").append(s.sent)
                    .append(", duplicatesDropped: ").append(s.duplicates)
                    .append(", rejected: ").append(s.rejected)
                    .append(", lastMessageReceived: ")
                    .append(s.lastReceivedNanos == 0 ? "never" : Instant.ofEpochSecond(0, s.lastReceivedNanos))
                    .append(" }\n");
        }
        Path dir = gateway.stateDir();
        Files.createDirectories(dir);
        Path tmp = dir.resolve(NAME + ".tmp");
        Files.writeString(tmp, yaml);
        Files.move(tmp, dir.resolve(NAME), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
