package io.celerity.internal.cluster;

import io.aeron.Aeron;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.Header;
import io.celerity.internal.replication.DriverDirectories;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * A host's client of the cluster's lock service: an Agrona agent on the host's own loop that connects to the cluster
 * (asynchronously, again after any loss), asks every {@code renewalInterval} for each registered lease (the holder
 * renews, a standby polls to take over, docs/cluster.adoc) and keeps each {@link ServiceLease} from the answers.
 * Network trouble never escapes {@link #doWork()}: it is logged once and retried.
 */
public final class LeaseClient implements Agent, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LeaseClient.class);
    private static final String CHANNEL_PARAMS = "term-length=64k";

    private final ClusterMembers members;
    private final String hostName;
    private final String hostAddress;
    private final ClusterTimeouts timeouts;
    private final long renewalNanos;
    private final NanoClock clock;
    private final MediaDriver ownDriver;
    private final Aeron aeron;
    private final UnsafeBuffer request = new UnsafeBuffer(ByteBuffer.allocateDirect(LeaseProtocol.MAX_LENGTH));
    private final EgressListener egress = this::onReply;
    private ServiceLease[] leases = new ServiceLease[0];
    private boolean[] held = new boolean[0];
    private AeronCluster.AsyncConnect connecting;
    private AeronCluster cluster;
    private long retryAt;
    private long nextSendAt;
    private String problem; // the last network problem logged: each is said once
    private boolean started; // leases are registered before: the arrays are then the loop thread's alone

    /**
     * A client for host {@code hostName}, its egress on {@code hostAddress}, using {@code aeronOrNull} (the host's
     * Aeron client) or, if null, an embedded media driver and client of its own.
     */
    public LeaseClient(ClusterMembers members, String hostName, String hostAddress, Aeron aeronOrNull,
                       ClusterTimeouts timeouts) {
        this.members = members;
        this.hostName = LeaseProtocol.checkName("host name", hostName);
        this.hostAddress = hostAddress;
        this.timeouts = timeouts;
        this.renewalNanos = timeouts.renewalInterval().toNanos();
        this.clock = new SystemNanoClock();
        if (aeronOrNull == null) {
            // Named by host and pid: the next host to start removes it if this process was killed.
            ownDriver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                    .aeronDirectoryName(DriverDirectories.forThisProcess("lease-" + hostName).toString())
                    .threadingMode(ThreadingMode.SHARED)
                    .termBufferSparseFile(true)
                    .dirDeleteOnStart(true)
                    .dirDeleteOnShutdown(true));
            aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(ownDriver.aeronDirectoryName()));
        } else {
            ownDriver = null;
            aeron = aeronOrNull;
        }
        retryAt = clock.nanoTime();
    }

    /** Registers lease {@code name} ({@code preferred}: this host is the service's configured primary). */
    public ServiceLease lease(String name, boolean preferred) {
        if (started)
            throw new IllegalStateException("cluster: lease '" + name + "' registered on host " + hostName
                    + " after its client started; register every lease before the first doWork");
        for (ServiceLease l : leases)
            if (l.name().equals(name))
                throw new IllegalArgumentException("cluster: lease '" + name + "' registered twice on host "
                        + hostName);
        ServiceLease lease = new ServiceLease(name, hostName, preferred, timeouts);
        leases = Arrays.copyOf(leases, leases.length + 1);
        leases[leases.length - 1] = lease;
        held = Arrays.copyOf(held, leases.length);
        return lease;
    }

    @Override
    public int doWork() {
        started = true;
        long now = clock.nanoTime();
        int work = cluster == null ? connect(now) : poll(now);
        if (cluster != null && now - nextSendAt >= 0) {
            nextSendAt = now + renewalNanos;
            work += send(now);
        }
        return work + notice(clock.nanoTime());
    }

    private int connect(long now) {
        if (connecting == null) {
            if (now - retryAt < 0)
                return 0;
            try {
                connecting = AeronCluster.asyncConnect(new AeronCluster.Context()
                        .aeron(aeron)
                        .ownsAeronClient(false)
                        .ingressChannel("aeron:udp?" + CHANNEL_PARAMS)
                        .ingressEndpoints(members.ingressEndpoints())
                        .egressChannel("aeron:udp?endpoint=" + hostAddress + ":0|" + CHANNEL_PARAMS)
                        // how long to wait for a connection or a new leader: an election under load, several times
                        .messageTimeoutNs(Math.max(TimeUnit.SECONDS.toNanos(1),
                                timeouts.leaderHeartbeatTimeout().toNanos() * 4))
                        .egressListener(egress));
            } catch (RuntimeException e) {
                retryLater(now, "cannot start connecting", e.toString());
                return 1;
            }
        }
        try {
            AeronCluster connected = connecting.poll();
            if (connected == null)
                return 0;
            cluster = connected;
            connecting = null;
            nextSendAt = now;
            LOG.info("host {}: connected to the cluster {} (leader member {}, session {})", hostName, members,
                    connected.leaderMemberId(), connected.clusterSessionId());
            problem = null;
            return 1;
        } catch (RuntimeException e) {
            CloseHelper.quietClose(connecting::close);
            connecting = null;
            retryLater(now, "cannot connect", e.getMessage());
            return 1;
        }
    }

    private int poll(long now) {
        try {
            int work = cluster.pollEgress();
            if (!cluster.isClosed())
                return work;
            retryLater(now, "the cluster closed this host's session", "leader lost or session timed out");
        } catch (RuntimeException e) {
            CloseHelper.quietClose(cluster);
            retryLater(now, "lost the cluster", e.toString());
        }
        cluster = null;
        return 1;
    }

    private void retryLater(long now, String what, String detail) {
        retryAt = now + 2 * renewalNanos;
        if (!what.equals(problem)) // said once, however often it recurs (details such as ports vary)
            LOG.warn("host {}: {}: {} (cluster {}); retrying until it answers", hostName, what, detail, members);
        problem = what;
    }

    private int send(long now) {
        int sent = 0;
        for (ServiceLease l : leases) {
            if (l.deposed())
                continue; // never again in this process: asking could take the lease back from the new holder
            sent += offer(acquire(l, now));
            if (l.holds(now))
                sent += askEligibility(l);
        }
        if (sent == 0 && cluster.sendKeepAlive()) // a deposed host asks nothing, but its session must not time out
            sent++;
        return sent;
    }

    /** Encodes an ACQUIRE for {@code l} sent at {@code now}; returns its length. */
    int acquire(ServiceLease l, long now) {
        int at = LeaseProtocol.header(request, LeaseProtocol.ACQUIRE, l.preferred(), now, 0);
        return LeaseProtocol.string(request, LeaseProtocol.string(request, at, l.name()), hostName);
    }

    private int askEligibility(ServiceLease l) {
        int sent = 0;
        for (int i = 0; i < ServiceLease.MAX_ELIGIBLE_HOSTS; i++) {
            String h = l.pendingEligibility(i);
            if (h == null)
                continue;
            int at = LeaseProtocol.header(request, LeaseProtocol.SET_ELIGIBLE, l.wantsEligible(i), l.token(), 0);
            at = LeaseProtocol.string(request, LeaseProtocol.string(request, at, l.name()), hostName);
            sent += offer(LeaseProtocol.string(request, at, h));
        }
        return sent;
    }

    private int offer(int length) {
        return cluster.offer(request, 0, length) > 0 ? 1 : 0; // refused (back pressure, new leader): next interval
    }

    /** An answer from the cluster: dispatched to its lease by name, without allocation. */
    void onReply(long clusterSessionId, long timestamp, DirectBuffer buffer, int offset, int length, Header header) {
        byte type = LeaseProtocol.type(buffer, offset, length);
        if (type == 0)
            return;
        int nameAt = LeaseProtocol.stringAt(buffer, offset, 0);
        for (ServiceLease l : leases) {
            if (!LeaseProtocol.matches(buffer, nameAt, l.name()))
                continue;
            long now = clock.nanoTime();
            long token = LeaseProtocol.a(buffer, offset);
            if (type == LeaseProtocol.GRANTED)
                l.granted(token, LeaseProtocol.b(buffer, offset), now);
            else if (type == LeaseProtocol.HELD)
                l.held(buffer, LeaseProtocol.stringAt(buffer, offset, 1), token, LeaseProtocol.flag(buffer, offset),
                        now);
            else if (type == LeaseProtocol.ELIGIBILITY)
                l.eligibility(buffer, LeaseProtocol.stringAt(buffer, offset, 1), token,
                        LeaseProtocol.flag(buffer, offset), now);
        }
    }

    /** Says, once per change, when this host starts or stops holding a lease, and why it stopped. */
    private int notice(long now) {
        int changed = 0;
        for (int i = 0; i < leases.length; i++) {
            boolean holds = leases[i].holds(now);
            if (holds == held[i])
                continue;
            held[i] = holds;
            changed++;
            if (holds)
                LOG.info("host {} holds lease '{}' with token {}", hostName, leases[i].name(), leases[i].token());
            else
                LOG.warn("host {} no longer holds lease '{}': {}", hostName, leases[i].name(), leases[i].why(now));
        }
        return changed;
    }

    @Override
    public String roleName() {
        return "lease-client-" + hostName;
    }

    @Override
    public void onClose() {
        close();
    }

    @Override
    public void close() {
        if (connecting != null)
            CloseHelper.quietClose(connecting::close);
        connecting = null;
        CloseHelper.quietClose(cluster);
        cluster = null;
        if (ownDriver != null)
            CloseHelper.closeAll(aeron, ownDriver);
    }
}
