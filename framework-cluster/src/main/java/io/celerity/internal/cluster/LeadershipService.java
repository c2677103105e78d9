package io.celerity.internal.cluster;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.logbuffer.Header;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/**
 * The clustered service: it holds no state but leadership. Every member's service renews on the same timer events
 * from the log, as Aeron expects of services (they must offer the same messages, so that the one the leader appended
 * stands for all); the leader's copy is the one in the log, and the lease counts only a renewal its own process sent.
 *
 * <p>Each timer gets a correlation id of its own, the log position of the event that scheduled it: a follower's
 * consensus module matches timer events to schedules by id and count, so reusing one id loses the timer when the
 * service runs ahead of it. Each new term starts a fresh chain of timers (in case its leader had none); an older
 * chain's last timer, when it fires, is ignored by every member alike.
 */
final class LeadershipService implements ClusteredService {

    private static final int OFFER_ATTEMPTS = 3;

    private final Lease lease;
    private final int memberId;
    private final long incarnation;
    private final long renewalIntervalNanos;
    private final UnsafeBuffer message = new UnsafeBuffer(ByteBuffer.allocateDirect(Renewal.LENGTH));
    private Cluster cluster;
    private long term = -1;
    private long renewalInterval; // in the cluster's time unit, known from the first term event
    private long renewalTimer = Long.MIN_VALUE; // the correlation id of the chain's next timer

    LeadershipService(Lease lease, int memberId, long incarnation, ClusterTimeouts timeouts) {
        this.lease = lease;
        this.memberId = memberId;
        this.incarnation = incarnation;
        this.renewalIntervalNanos = timeouts.renewalInterval().toNanos();
    }

    @Override
    public void onStart(Cluster cluster, Image snapshotImage) {
        this.cluster = cluster;
    }

    @Override
    public void onNewLeadershipTermEvent(long leadershipTermId, long logPosition, long timestamp,
                                         long termBaseLogPosition, int leaderMemberId, int logSessionId,
                                         TimeUnit timeUnit, int appVersion) {
        term = leadershipTermId;
        renewalInterval = Math.max(1, timeUnit.convert(renewalIntervalNanos, TimeUnit.NANOSECONDS)); // the log's unit
        lease.newTerm(leadershipTermId, leaderMemberId, System.nanoTime());
        scheduleRenewal(logPosition, timestamp);
    }

    @Override
    public void onTimerEvent(long correlationId, long timestamp) {
        if (correlationId != renewalTimer)
            return; // an earlier term's chain
        Renewal.encode(message, memberId, term, incarnation, System.nanoTime());
        IdleStrategy idle = cluster.idleStrategy();
        idle.reset();
        for (int i = 0; i < OFFER_ATTEMPTS && cluster.offer(message, 0, Renewal.LENGTH) < 0; i++)
            idle.idle(); // back pressure from our own consensus module: the next timer renews if this one cannot
        scheduleRenewal(cluster.logPosition(), timestamp);
    }

    /** The chain's next timer, named by the position of the event that schedules it: the same on every member. */
    private void scheduleRenewal(long eventPosition, long timestamp) {
        renewalTimer = eventPosition;
        cluster.scheduleTimer(renewalTimer, timestamp + renewalInterval);
    }

    @Override
    public void onSessionMessage(ClientSession session, long timestamp, DirectBuffer buffer, int offset, int length,
                                 Header header) {
        if (session == null && Renewal.is(buffer, offset, length)) // a service's message, committed by a majority
            lease.committed(Renewal.memberId(buffer, offset), Renewal.term(buffer, offset),
                    Renewal.incarnation(buffer, offset), Renewal.sentAt(buffer, offset), System.nanoTime());
    }

    @Override
    public void onRoleChange(Cluster.Role newRole) {
        lease.role(newRole, System.nanoTime());
    }

    @Override
    public int doBackgroundWork(long nowNs) {
        return lease.check(nowNs);
    }

    @Override
    public void onSessionOpen(ClientSession session, long timestamp) {
        // no clients: leadership only
    }

    @Override
    public void onSessionClose(ClientSession session, long timestamp, CloseReason closeReason) {
        // no clients: leadership only
    }

    @Override
    public void onTakeSnapshot(ExclusivePublication snapshotPublication) {
        // no state: the renewal timer lives in the consensus module's snapshot
    }

    @Override
    public void onTerminate(Cluster cluster) {
        lease.role(Cluster.Role.FOLLOWER, System.nanoTime());
    }
}
