package io.celerity.internal.fix;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ConfigEntry;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads and checks a gateway's {@code standby}: a cluster to decide, the gateway's queues written on its primary and
 * copied to its standby, the outbound queue there too, sequence numbers kept across logons, and no service reading
 * what the gateway writes on either of its hosts (one may hold a message the other never had). Throws at the first
 * mistake, naming the key.
 */
final class StandbyRules {

    private StandbyRules() {
    }

    /** The standby of gateway {@code name}, or null for a gateway without one (refusing the keys only it takes). */
    static FixGatewayConfig.Standby standby(CelerityConfig config, String name, ConfigEntry g, String inbound,
                                            String outbound, String errors, String acceptHost, int acceptPort) {
        if (!g.has("standby")) {
            for (String key : List.of("journal", "replicasBeforeSend", "standbyAcceptor"))
                if (g.has(key))
                    throw g.error(key, "only a gateway with a standby takes it; expected standby: HOST too, or no "
                            + key);
            return null;
        }
        String standby = g.string("standby", "the host that takes the gateway over");
        if (config.cluster() == null)
            throw g.error("standby", "no cluster is declared; expected a cluster section naming three (or five) hosts, "
                    + "whose Raft majority decides which of the primary and its standby runs the sessions");
        if (!config.hosts().containsKey(standby))
            throw g.error("standby", "unknown host '" + standby + "'; expected one of " + config.hosts().keySet());
        String primary = source(config, inbound);
        if (standby.equals(primary))
            throw g.error("standby", "host '" + standby + "' is the primary (the inbound queue '" + inbound + "' is "
                    + "written there); expected another host");
        if (config.services().containsKey(name))
            throw g.error("standby", "service '" + name + "' has the gateway's name, and a lease is held by name; "
                    + "expected a gateway named apart from every service");
        if (g.bool("resetSeqNumOnLogon", false))
            throw g.error("resetSeqNumOnLogon", "true would start both directions at 1 on the standby's logon, "
                    + "dropping what was in flight; expected false with a standby");
        if (!g.has("journal"))
            throw g.error("journal", "missing; expected the queue each session's sent messages are noted on (copied to "
                    + "'" + standby + "'), e.g. journal: fix-sent");
        String journal = FixConfigs.queue(config, g, "journal");
        List<String> outputs = new ArrayList<>(List.of(inbound, journal));
        if (errors != null)
            outputs.add(errors);
        for (String queue : outputs) {
            String key = queue.equals(inbound) ? "inbound" : queue.equals(journal) ? "journal" : "errors";
            if (!source(config, queue).equals(primary))
                throw g.error(key, "queue '" + queue + "' is written on '" + source(config, queue) + "', not on the "
                        + "gateway's primary '" + primary + "'; expected every queue the gateway writes on one host");
            if (!config.queues().get(queue).replication().replicas().contains(standby))
                throw g.error(key, "queue '" + queue + "' is not copied to the standby '" + standby + "'; expected '"
                        + standby + "' among its replicas, so the standby holds the sessions' state");
            readOnEitherHost(config, g, key, queue, primary, standby);
        }
        QueueConfig out = config.queues().get(outbound);
        if (!out.replication().availableOn(standby))
            throw g.error("outbound", "queue '" + outbound + "' is not on the standby '" + standby + "'; expected '"
                    + standby + "' among its replicas, so the standby can send what the primary had not");
        int replicas = config.queues().get(journal).replication().replicas().size();
        int before = g.integer("replicasBeforeSend", 1);
        if (before < 0 || before > replicas)
            throw g.error("replicasBeforeSend", before + " is out of range; expected 0 (send at once) up to the "
                    + replicas + " replicas of '" + journal + "'");
        String host = acceptHost;
        int port = acceptPort;
        if (g.has("standbyAcceptor")) {
            ConfigEntry acceptor = g.section("standbyAcceptor").allow("host", "port");
            host = acceptor.stringOr("host", "0.0.0.0");
            port = FixConfigs.port(acceptor, "the port the standby accepts FIX connections on");
        }
        return new FixGatewayConfig.Standby(standby, journal, before, host, port);
    }

    private static void readOnEitherHost(CelerityConfig config, ConfigEntry g, String key, String queue, String primary,
                                         String standby) {
        for (ServiceConfig s : config.services().values()) {
            String runsOn = source(config, s.output());
            if (s.readQueues().contains(queue) && (runsOn.equals(primary) || runsOn.equals(standby)))
                throw g.error(key, "service '" + s.name() + "' reads '" + queue + "' on host '" + runsOn + "', one of "
                        + "the hosts the gateway takes turns on, where it could read a message the other never had; "
                        + "expected it to run on another host");
        }
    }

    private static String source(CelerityConfig config, String queue) {
        return config.queues().get(queue).replication().source();
    }
}
