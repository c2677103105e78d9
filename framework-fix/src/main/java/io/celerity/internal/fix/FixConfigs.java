package io.celerity.internal.fix;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ConfigCheck;
import io.celerity.config.ConfigEntry;
import io.celerity.config.QueueConfig;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads and checks the {@code fix:} section of {@code services.yaml}: one entry per gateway. */
public final class FixConfigs implements ConfigCheck {

    static final String SECTION = "fix";
    private static final int MAX_PORT = 65_535;

    @Override
    public Set<String> sections() {
        return Set.of(SECTION);
    }

    @Override
    public void check(CelerityConfig config) {
        of(config);
    }

    /** The gateways of {@code config}, checked; none when it has no {@code fix:} section. */
    static List<FixGatewayConfig> of(CelerityConfig config) {
        List<FixGatewayConfig> gateways = new ArrayList<>();
        Map<Integer, String> sources = new HashMap<>(); // message history's source ids, taken
        config.queues().values().forEach(q -> sources.put(q.sourceId(), "queue '" + q.name() + "'"));
        config.section(SECTION).ifPresent(fix -> fix.namedEntries("fix gateway").forEach((name, g) ->
                gateways.add(gateway(config, name, g, sources))));
        return gateways;
    }

    private static FixGatewayConfig gateway(CelerityConfig config, String name, ConfigEntry g,
                                            Map<Integer, String> sources) {
        g.allow("eventLoop", "stateDir", "acceptor", "dictionary", "inbound", "outbound", "errors", "heartbeat",
                "resetSeqNumOnLogon", "sessions");
        ConfigEntry acceptor = g.section("acceptor").allow("host", "port");
        int port = acceptor.integer("port", "the port it accepts FIX connections on");
        if (port < 1 || port > MAX_PORT)
            throw acceptor.error("port", port + " is not a port; expected 1-" + MAX_PORT);
        ConfigEntry in = g.section("inbound").allow("queue", "mapper");
        ConfigEntry out = g.section("outbound").allow("queue", "mapper");
        String inQueue = queue(config, in, "queue");
        String outQueue = queue(config, out, "queue");
        String errors = g.has("errors") ? queue(config, g, "errors") : null;
        Duration heartbeat = g.duration("heartbeat", Duration.ofSeconds(30));
        if (heartbeat.toSeconds() < 1)
            throw g.error("heartbeat", heartbeat + " is under a second; expected whole seconds, e.g. 30s");
        List<FixSessionConfig> sessions = new ArrayList<>();
        g.entries("sessions", "fix session").forEach((session, s) -> sessions.add(session(session, s, sources)));
        if (sessions.isEmpty())
            throw g.error("sessions", "missing; expected the sessions it accepts, e.g. sessions:\n"
                    + "  CLIENT1: { senderCompId: CELERITY, targetCompId: CLIENT1, sourceId: 901 }");
        return new FixGatewayConfig(name, g.stringOr("eventLoop", "fix"), g.path("stateDir",
                "the directory of its FIX session state, e.g. fix-state"), acceptor.stringOr("host", "0.0.0.0"), port,
                g.string("dictionary", "the FixDictionaryImpl Artio generated from your dictionary"), inQueue,
                in.string("mapper", "the class mapping FIX messages to the queue's events (a FixInbound)"), outQueue,
                out.string("mapper", "the class mapping the queue's events to FIX messages (taking FixSessions)"),
                errors, heartbeat, g.bool("resetSeqNumOnLogon", false), sessions);
    }

    private static FixSessionConfig session(String name, ConfigEntry s, Map<Integer, String> sources) {
        s.allow("senderCompId", "targetCompId", "sourceId");
        int sourceId = s.integer("sourceId", "the source id of its messages in message history, e.g. 901");
        if (sourceId <= 0)
            throw s.error("sourceId", sourceId + " is not positive; expected a source id of its own, e.g. 901");
        String other = sources.putIfAbsent(sourceId, "fix session '" + name + "'");
        if (other != null)
            throw s.error("sourceId", "source id " + sourceId + " is taken by " + other
                    + "; expected one of its own, for message history");
        return new FixSessionConfig(name, s.string("senderCompId", "our CompID, e.g. CELERITY"),
                s.string("targetCompId", "the counterparty's CompID"), sourceId);
    }

    private static String queue(CelerityConfig config, ConfigEntry entry, String key) {
        String queue = entry.string(key, "a queue's name");
        Map<String, QueueConfig> queues = config.queues();
        if (!queues.containsKey(queue))
            throw entry.error(key, "queue '" + queue + "' is not declared; expected one of " + queues.keySet());
        return queue;
    }
}
