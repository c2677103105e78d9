package io.celerity.internal.cluster;

import io.aeron.Aeron;
import io.celerity.config.CelerityConfig;
import io.celerity.config.ClusterConfig;
import io.celerity.config.HighlyAvailable;
import io.celerity.internal.replication.ClusterRole;
import io.celerity.internal.replication.HaLease;
import io.celerity.internal.replication.HaLeases;
import org.agrona.CloseHelper;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A host's part in the cluster, for the replication module (found through {@link java.util.ServiceLoader}): its
 * cluster member if it is one, and a {@link LeaseClient} on a thread of its own holding or awaiting the lease of each
 * highly available service the host is primary or standby of. The client's thread is its own so that copying a
 * backlog never delays a renewal.
 */
public final class ClusterLeases implements HaLeases.Provider {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterLeases.class);

    @Override
    public HaLeases start(CelerityConfig config) {
        ClusterConfig cluster = config.cluster();
        String host = config.thisHost();
        List<String> names = cluster.members();
        ClusterMembers members = ClusterMembers.of(names,
                names.stream().map(n -> config.hosts().get(n).address()).toList(), cluster.port());
        ClusterMember member = null;
        Aeron aeron = null;
        LeaseClient client = null;
        try {
            if (names.contains(host))
                member = ClusterMember.start(members, host, cluster.memberDir(host), ClusterTimeouts.DEFAULT);
            Map<String, HaLease> leases = new HashMap<>();
            List<HighlyAvailable> available = config.highlyAvailable();
            AgentRunner runner = null;
            if (!available.isEmpty()) {
                // On a member's own media driver when there is one; else the client embeds one.
                aeron = member == null ? null : Aeron.connect(new Aeron.Context()
                        .aeronDirectoryName(member.aeronDirectory()));
                client = new LeaseClient(members, host, config.hosts().get(host).address(), aeron,
                        ClusterTimeouts.DEFAULT);
                for (HighlyAvailable s : available) {
                    boolean preferred = config.queues().get(s.outputs().get(0)).replication().source().equals(host);
                    leases.put(s.name(), client.lease(s.name(), preferred));
                }
                runner = new AgentRunner(new SleepingMillisIdleStrategy(1),
                        e -> LOG.error("host {}: the lease client failed: {}", host, e.toString(), e), null, client);
                AgentRunner.startOnThread(runner);
            }
            return new Joined(member, names, leases, runner, aeron);
        } catch (RuntimeException | Error e) {
            CloseHelper.quietCloseAll(client, aeron, member);
            throw e;
        }
    }

    private record Joined(ClusterMember member, List<String> names, Map<String, HaLease> leases, AgentRunner runner,
                          Aeron aeron) implements HaLeases {

        @Override
        public HaLease lease(String service) {
            return leases.get(service);
        }

        @Override
        public ClusterRole clusterRole() {
            return member == null ? null : new MemberRole(member, names);
        }

        @Override
        public void close() {
            CloseHelper.closeAll(runner, aeron, member); // the runner closes the client
        }
    }

    /** A member's Raft role for status and metrics, its leader named by host. */
    private record MemberRole(ClusterMember member, List<String> names) implements ClusterRole {

        @Override
        public String role() {
            return member.leadership().role().name();
        }

        @Override
        public long term() {
            return member.leadership().term();
        }

        @Override
        public String leader() {
            int id = member.leadership().leaderMemberId();
            return id < 0 ? null : names.get(id);
        }

        @Override
        public long roleChanges() {
            return member.roleChanges();
        }
    }
}
