package io.celerity.internal.fix;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ConfigCheck;
import io.celerity.config.ConfigEntry;
import io.celerity.config.HighlyAvailable;
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
        check(config, true);
    }

    @Override
    public void check(CelerityConfig config, boolean classes) {
        of(config, classes);
    }

    /** The gateways of {@code config}, checked but for their classes (the load checked those); none without fix:. */
    static List<FixGatewayConfig> of(CelerityConfig config) {
        return of(config, false);
    }

    /** The gateways with a standby that run on {@code config.thisHost()}, as their primary or standby. */
    @Override
    public List<HighlyAvailable> highlyAvailable(CelerityConfig config) {
        List<HighlyAvailable> available = new ArrayList<>();
        for (FixGatewayConfig g : of(config))
            if (g.standby() != null)
                available.add(new HighlyAvailable(g.name(), "fix gateway", g.outputs(), g.standby().host()));
        return available;
    }

    private static List<FixGatewayConfig> of(CelerityConfig config, boolean classes) {
        List<FixGatewayConfig> gateways = new ArrayList<>();
        Map<Integer, String> sources = new HashMap<>(); // message history's source ids, taken
        config.queues().values().forEach(q -> sources.put(q.sourceId(), "queue '" + q.name() + "'"));
        config.section(SECTION).ifPresent(fix -> fix.namedEntries("fix gateway").forEach((name, g) -> {
            if (runsHere(config, g))
                gateways.add(gateway(config, name, g, sources, classes));
        }));
        return gateways;
    }

    /**
     * Whether gateway {@code g} runs on the host of {@code config}: on the host its inbound queue is written on, and
     * on its standby; everywhere for a whole deployment (checked whole when loaded).
     */
    private static boolean runsHere(CelerityConfig config, ConfigEntry g) {
        String host = config.thisHost();
        if (host == null)
            return true;
        if (host.equals(g.stringOr("standby", null)))
            return true;
        QueueConfig in = g.has("inbound") && g.section("inbound").has("queue")
                ? config.queues().get(g.section("inbound").string("queue", "a queue's name")) : null;
        return in != null && in.replication() != null && host.equals(in.replication().source());
    }

    private static FixGatewayConfig gateway(CelerityConfig config, String name, ConfigEntry g,
                                            Map<Integer, String> sources, boolean classes) {
        g.allow("eventLoop", "stateDir", "acceptor", "dictionary", "inbound", "outbound", "errors", "heartbeat",
                "resetSeqNumOnLogon", "reconnectInterval", "sessions", "standby", "journal", "replicasBeforeSend",
                "standbyAcceptor");
        ConfigEntry in = g.section("inbound").allow("queue", "mapper");
        ConfigEntry out = g.section("outbound").allow("queue", "mapper");
        String inQueue = queue(config, in, "queue");
        String outQueue = queue(config, out, "queue");
        String errors = g.has("errors") ? queue(config, g, "errors") : null;
        Duration heartbeat = g.duration("heartbeat", Duration.ofSeconds(30));
        if (heartbeat.toSeconds() < 1)
            throw g.error("heartbeat", heartbeat + " is under a second; expected whole seconds, e.g. 30s");
        Duration reconnect = g.duration("reconnectInterval", Duration.ofSeconds(1));
        if (reconnect.toMillis() < 1)
            throw g.error("reconnectInterval", reconnect + " is not positive; expected e.g. 1s");
        List<FixSessionConfig> sessions = new ArrayList<>();
        g.entries("sessions", "fix session").forEach((session, s) -> sessions.add(session(session, s, sources)));
        if (sessions.isEmpty())
            throw g.error("sessions", "missing; expected the sessions it accepts or initiates, e.g. sessions:\n"
                    + "  CLIENT1: { senderCompId: CELERITY, targetCompId: CLIENT1, sourceId: 901 }");
        boolean accepts = sessions.stream().anyMatch(s -> !s.initiator());
        if (accepts && !g.has("acceptor"))
            throw g.error("acceptor", "missing; expected where it accepts its sessions without connect:, e.g. "
                    + "acceptor: { host: 0.0.0.0, port: 9880 }");
        String host = null;
        int port = 0;
        if (g.has("acceptor")) {
            ConfigEntry acceptor = g.section("acceptor").allow("host", "port");
            host = acceptor.stringOr("host", "0.0.0.0");
            port = port(acceptor, "the port it accepts FIX connections on");
        }
        FixGatewayConfig.Standby standby = StandbyRules.standby(config, name, g, inQueue, outQueue, errors,
                host, port);
        return new FixGatewayConfig(name, g.stringOr("eventLoop", "fix"), g.path("stateDir",
                "the directory of its FIX session state, e.g. fix-state"), host, port,
                className(g, "dictionary", "the FixDictionaryImpl Artio generated from your dictionary", classes),
                inQueue, className(in, "mapper", "the class mapping FIX messages to the queue's events (a FixInbound)",
                        classes),
                outQueue, className(out, "mapper", "the class mapping the queue's events to FIX messages (taking "
                        + "FixSessions)", classes),
                errors, heartbeat, g.bool("resetSeqNumOnLogon", false), reconnect, sessions, standby);
    }

    /** A class name that must name a class on the class path, as a service's {@code implClass}, when checked. */
    private static String className(ConfigEntry entry, String key, String what, boolean check) {
        String name = entry.string(key, what);
        if (!check)
            return name;
        try {
            Class.forName(name, false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw entry.error(key, "class '" + name + "' not found; expected " + what + " on the classpath (for the "
                    + "celerity command line: --classpath PATH or CELERITY_CLASSPATH)");
        }
        return name;
    }

    static int port(ConfigEntry entry, String what) {
        int port = entry.integer("port", what);
        if (port < 1 || port > MAX_PORT)
            throw entry.error("port", port + " is not a port; expected 1-" + MAX_PORT);
        return port;
    }

    private static FixSessionConfig session(String name, ConfigEntry s, Map<Integer, String> sources) {
        s.allow("senderCompId", "targetCompId", "sourceId", "connect");
        int sourceId = s.integer("sourceId", "the source id of its messages in message history, e.g. 901");
        if (sourceId <= 0)
            throw s.error("sourceId", sourceId + " is not positive; expected a source id of its own, e.g. 901");
        String other = sources.putIfAbsent(sourceId, "fix session '" + name + "'");
        if (other != null)
            throw s.error("sourceId", "source id " + sourceId + " is taken by " + other
                    + "; expected one of its own, for message history");
        String connectHost = null;
        int connectPort = 0;
        if (s.has("connect")) { // an initiator: the gateway connects and logs on
            ConfigEntry connect = s.section("connect").allow("host", "port");
            connectHost = connect.string("host", "the host it connects to, e.g. venue.example.com");
            connectPort = port(connect, "the port it connects to");
        }
        return new FixSessionConfig(name, s.string("senderCompId", "our CompID, e.g. CELERITY"),
                s.string("targetCompId", "the counterparty's CompID"), sourceId, connectHost, connectPort);
    }

    static String queue(CelerityConfig config, ConfigEntry entry, String key) {
        String queue = entry.string(key, "a queue's name");
        Map<String, QueueConfig> queues = config.queues();
        if (!queues.containsKey(queue))
            throw entry.error(key, "queue '" + queue + "' is not declared; expected one of " + queues.keySet());
        return queue;
    }
}
