package io.celerity.internal.fix;

import io.celerity.config.CelerityConfig;
import io.celerity.internal.operations.StatusFile;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireOut;
import net.openhft.chronicle.wire.WireType;
import uk.co.real_logic.artio.session.Session;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A gateway's sessions as {@code status.yaml} in its state directory, rewritten each second off the loop (counters
 * read as they are, best effort) and read by {@code celerity status}: the gateway's role on this host (primary,
 * standby, fenced, or only), then per session its state, the last MsgSeqNum
 * received and sent, messages written and sent, duplicates dropped, rejects, and when the last message came.
 */
public final class FixStatusFile {

    static final String NAME = "status.yaml";

    private FixStatusFile() {
    }

    static void write(FixGatewayConfig gateway, String role, List<GatewaySession> sessions, String hostState)
            throws IOException {
        Bytes<?> bytes = Bytes.allocateElasticOnHeap(512);
        Wire wire = WireType.YAML_ONLY.apply(bytes);
        wire.write("gateway").text(gateway.name())
                .write("role").text(role)
                .write("state").text(hostState)
                .write("pid").int64(ProcessHandle.current().pid())
                .write("updatedMillis").int64(System.currentTimeMillis())
                .write("port").int32(gateway.port());
        wire.write("sessions").marshallable(out -> sessions.forEach(s -> out.write(s.config.name())
                .marshallable(row -> session(row, s))));
        StatusFile.replace(of(gateway), bytes.toString());
    }

    private static void session(WireOut row, GatewaySession s) {
        Session artio = s.artio;
        row.write("state").text(artio == null ? "DISCONNECTED" : artio.state().name())
                .write("lastReceivedSeqNum").int32(artio == null ? s.lastInSeqNum : artio.lastReceivedMsgSeqNum())
                .write("lastSentSeqNum").int32(artio == null ? s.journal.mayHaveSent(s.slot, s.inSequenceIndex)
                        : artio.lastSentMsgSeqNum())
                .write("received").int64(s.received)
                .write("sent").int64(s.sent)
                .write("duplicatesDropped").int64(s.duplicates)
                .write("rejected").int64(s.rejected)
                .write("lastReceivedMillis").int64(s.lastReceivedNanos / 1_000_000);
    }

    /** The status of each gateway of {@code config}, by name, as plain values; a gateway that wrote none is absent. */
    public static Map<String, Map<String, Object>> readAll(CelerityConfig config) throws IOException {
        Map<String, Map<String, Object>> all = new LinkedHashMap<>();
        for (FixGatewayConfig g : FixConfigs.of(config)) {
            Optional<Map<String, Object>> status = StatusFile.read(of(g));
            if (status.isPresent())
                all.put(g.name(), status.get());
        }
        return all;
    }

    /** Where gateway {@code gateway}'s status lives. */
    static Path of(FixGatewayConfig gateway) {
        return gateway.stateDir().resolve(NAME);
    }
}
