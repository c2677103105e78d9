package io.celerity.internal.cluster;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.logbuffer.Header;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/**
 * The clustered service: a lock service holding named leases ({@link LeaseTable}) for client hosts. It applies each
 * request as the committed log delivers it, at the log's timestamp, so every member holds the same table; the leader
 * answers the requesting session (on followers Aeron drops the answers). The table is snapshotted and restored, and
 * between snapshots rebuilt by replaying the log.
 */
final class LeaseService implements ClusteredService {

    private static final Logger LOG = LoggerFactory.getLogger(LeaseService.class);

    private final Leadership leadership;
    private final long leaseNanos;
    private final UnsafeBuffer reply = new UnsafeBuffer(ByteBuffer.allocateDirect(LeaseProtocol.MAX_LENGTH));
    private final ExpandableArrayBuffer snapshot = new ExpandableArrayBuffer(1024);
    private Cluster cluster;
    private LeaseTable table;
    private volatile int snapshotsTaken; // for tests: a snapshot was written
    private volatile boolean restored; // for tests: the table came from a snapshot

    LeaseService(Leadership leadership, long leaseNanos) {
        this.leadership = leadership;
        this.leaseNanos = leaseNanos;
    }

    /** The table, for tests on this member's thread or after it stopped. */
    LeaseTable table() {
        return table;
    }

    int snapshotsTaken() {
        return snapshotsTaken;
    }

    boolean restoredFromSnapshot() {
        return restored;
    }

    @Override
    public void onStart(Cluster cluster, Image snapshotImage) {
        this.cluster = cluster;
        this.table = new LeaseTable(leaseNanos); // cluster time in ns: ClusterMember sets a NanosecondClusterClock
        if (snapshotImage != null)
            loadSnapshot(snapshotImage);
    }

    private void loadSnapshot(Image image) {
        boolean[] loaded = new boolean[1];
        IdleStrategy idle = cluster.idleStrategy();
        while (!loaded[0]) {
            int fragments = image.poll((buffer, offset, length, header) -> {
                LeaseSnapshot.decode(buffer, offset, length, table);
                loaded[0] = true;
            }, 1);
            if (fragments == 0 && image.isEndOfStream())
                throw new IllegalStateException("cluster: the lease service's snapshot ended before its table");
            idle.idle(fragments);
        }
        restored = true;
        LOG.info("cluster member {}: leases restored from a snapshot: {}", leadership.memberId(), table);
    }

    @Override
    public void onSessionMessage(ClientSession session, long timestamp, DirectBuffer buffer, int offset, int length,
                                 Header header) {
        byte type = LeaseProtocol.type(buffer, offset, length);
        if (type == LeaseProtocol.ACQUIRE)
            acquire(session, timestamp, buffer, offset);
        else if (type == LeaseProtocol.SET_ELIGIBLE)
            setEligible(session, buffer, offset);
    }

    private void acquire(ClientSession session, long timestamp, DirectBuffer buffer, int offset) {
        String name = LeaseProtocol.read(buffer, LeaseProtocol.stringAt(buffer, offset, 0));
        String host = LeaseProtocol.read(buffer, LeaseProtocol.stringAt(buffer, offset, 1));
        long sentAt = LeaseProtocol.a(buffer, offset);
        long tokenBefore = leaseToken(name);
        LeaseTable.Entry e = table.acquire(name, host, LeaseProtocol.flag(buffer, offset), timestamp);
        if (e.token != tokenBefore)
            LOG.info("cluster member {}: lease '{}' granted to {} with token {}", leadership.memberId(), name, host,
                    e.token);
        if (host.equals(e.holder)) {
            int end = LeaseProtocol.string(reply, LeaseProtocol.header(reply, LeaseProtocol.GRANTED, false, e.token,
                    sentAt), name);
            session.offer(reply, 0, end); // lost to back pressure: the next renewal asks again
        } else {
            held(session, e, host);
        }
    }

    private long leaseToken(String name) {
        LeaseTable.Entry e = table.get(name);
        return e == null ? 0 : e.token;
    }

    private void setEligible(ClientSession session, DirectBuffer buffer, int offset) {
        String name = LeaseProtocol.read(buffer, LeaseProtocol.stringAt(buffer, offset, 0));
        String requester = LeaseProtocol.read(buffer, LeaseProtocol.stringAt(buffer, offset, 1));
        String host = LeaseProtocol.read(buffer, LeaseProtocol.stringAt(buffer, offset, 2));
        boolean eligible = LeaseProtocol.flag(buffer, offset);
        LeaseTable.Entry e = table.setEligible(name, requester, LeaseProtocol.a(buffer, offset), host, eligible);
        if (e == null) {
            LeaseTable.Entry current = table.get(name);
            if (current != null)
                held(session, current, requester); // a deposed holder learns it was replaced
            return;
        }
        int at = LeaseProtocol.header(reply, LeaseProtocol.ELIGIBILITY, e.eligible(host), e.token, 0);
        at = LeaseProtocol.string(reply, at, name);
        session.offer(reply, 0, LeaseProtocol.string(reply, at, host));
    }

    private void held(ClientSession session, LeaseTable.Entry e, String requester) {
        int at = LeaseProtocol.header(reply, LeaseProtocol.HELD, e.eligible(requester), e.token, 0);
        at = LeaseProtocol.string(reply, at, e.name);
        session.offer(reply, 0, LeaseProtocol.string(reply, at, e.holder));
    }

    @Override
    public void onTakeSnapshot(ExclusivePublication snapshotPublication) {
        int length = LeaseSnapshot.encode(table, snapshot);
        IdleStrategy idle = cluster.idleStrategy();
        idle.reset();
        while (snapshotPublication.offer(snapshot, 0, length) < 0)
            idle.idle(); // the snapshot must be whole: the consensus module waits for it
        snapshotsTaken++; // single writer: the service's thread
    }

    @Override
    public void onNewLeadershipTermEvent(long leadershipTermId, long logPosition, long timestamp,
                                         long termBaseLogPosition, int leaderMemberId, int logSessionId,
                                         TimeUnit timeUnit, int appVersion) {
        if (timeUnit != TimeUnit.NANOSECONDS) // leases are kept in ns of cluster time
            throw new IllegalStateException("cluster: the log's time unit is " + timeUnit + "; the lease service"
                    + " needs a NanosecondClusterClock (a log begun by another build?)");
        leadership.newTerm(leadershipTermId, leaderMemberId);
    }

    @Override
    public void onRoleChange(Cluster.Role newRole) {
        leadership.role(newRole);
    }

    @Override
    public void onSessionOpen(ClientSession session, long timestamp) {
        // a candidate host connected: it has no state here until it asks for a lease
    }

    @Override
    public void onSessionClose(ClientSession session, long timestamp, CloseReason closeReason) {
        // leases belong to hosts, not sessions: a host reconnecting keeps its lease
    }

    @Override
    public void onTimerEvent(long correlationId, long timestamp) {
        // no timers: a lease expires when a request finds it expired
    }

    @Override
    public void onTerminate(Cluster cluster) {
        leadership.role(Cluster.Role.FOLLOWER);
    }
}
