package io.celerity.internal.fix;

import io.celerity.extension.OutputGate;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import uk.co.real_logic.artio.Reply;

import java.util.List;
import java.util.function.Function;

/**
 * A highly available gateway's part on this host, from its lease: the standby, following the journal's copy; live,
 * once it took the sessions over from the copies; fenced, when its lease lapsed: it disconnects every session, stops
 * accepting and says why, and accepts again if the lease comes back to it. Loop thread, but for {@link #name()}.
 */
final class GatewayRole {

    private static final Logger LOG = LoggerFactory.getLogger(GatewayRole.class);
    private static final int FOLLOW_BATCH = 1_000;

    private final FixGatewayConfig config;
    private final ArtioEngine engine;
    private final Function<String, ChronicleQueue> queues;
    private final List<GatewaySession> sessions;
    private final OutputGate gate;
    private final JournalCopy copy;
    private volatile boolean live;   // it took the sessions over
    private volatile String fenced;  // why it stopped sending while live, until the lease is back
    private Reply<?> rebind;         // binding again after a lapse of the lease

    GatewayRole(FixGatewayConfig config, ArtioEngine engine, Function<String, ChronicleQueue> queues,
                List<GatewaySession> sessions, OutputGate gate, JournalCopy copy) {
        this.config = config;
        this.engine = engine;
        this.queues = queues;
        this.sessions = sessions;
        this.gate = gate;
        this.copy = copy;
    }

    /**
     * Whether the gateway may run its sessions now: this host holds the lease (the first time, it takes the sessions
     * over; after a lapse, it accepts again). When the lease lapses while live, it stops sending at once.
     */
    boolean leased() {
        long now = System.nanoTime();
        if (gate.state(now) == OutputGate.State.OPEN) {
            if (!live)
                takeOver();
            else if (fenced != null)
                resume();
            return rebind == null || !rebind.isExecuting();
        }
        if (live && fenced == null)
            fence(gate.why(now));
        return false;
    }

    /** Whether it took the sessions over (and may since have been fenced). */
    boolean live() {
        return live;
    }

    /** Whether it lost its lease while live: it says nothing more on its sessions, not even a Logout. */
    boolean fenced() {
        return fenced != null;
    }

    /** A standby's work: the journal's copy applied to this host's journal. */
    int follow() {
        return copy.follow(engine.journal(), FOLLOW_BATCH);
    }

    /** {@code primary}, {@code standby} or {@code fenced}, for status; any thread. */
    String name() {
        return !live ? "standby" : fenced != null ? "fenced" : "primary";
    }

    private void fence(String why) {
        fenced = why;
        LOG.error("fix gateway '{}' sends nothing and disconnects its sessions: {}", config.name(), why);
        for (GatewaySession s : sessions)
            if (s.artio != null)
                s.artio.requestDisconnect();
        if (config.accepts())
            engine.engine().unbind();
    }

    // The lease lapsed and came back to this host: nobody else sent meanwhile, so its state is still the sessions'.
    private void resume() {
        LOG.info("fix gateway '{}' holds its lease again; accepting and connecting again", config.name());
        fenced = null;
        if (config.accepts())
            rebind = engine.engine().bind();
    }

    // Its journal from the copy, where each session's inbound queue ends, then the sessions as a restart takes them.
    private void takeOver() {
        copy.catchUp(engine.journal());
        InboundRestartPoints.read(queues.apply(config.inboundQueue()), sessions);
        // The old primary may have sent up to JournalCopy.WINDOW messages past the copy's records: what this host
        // sends of the outbound queue as it stands now may have gone out already, so it goes out PossResend=Y.
        long outboundEnd = queues.apply(config.outboundQueue()).lastIndex();
        for (GatewaySession s : sessions)
            s.cursor.possResendUntil(outboundEnd);
        live = true;
        LOG.info("fix gateway '{}' holds its lease: taking its sessions over ({})", config.name(), restartPoints());
    }

    private String restartPoints() {
        StringBuilder text = new StringBuilder();
        for (GatewaySession s : sessions)
            text.append(text.length() == 0 ? "" : ", ").append(s.config.name()).append(": last received ")
                    .append(s.lastInSeqNum).append(", may have sent ")
                    .append(engine.journal().mayHaveSent(s.slot, s.inSequenceIndex));
        return text.toString();
    }
}
