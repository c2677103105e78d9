package io.celerity.internal.cluster;

import io.celerity.internal.replication.HaLease;
import org.agrona.DirectBuffer;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * This host's view of one named lease (one per highly available service), kept by its {@link LeaseClient} from the
 * cluster's answers and read from any thread without allocation or locks. Only {@link #holds(long)} licenses acting
 * as the service's primary; once {@link #deposed()}, never again in this process.
 */
public final class ServiceLease implements HaLease {

    /** Hosts this host may declare (in)eligible: a service has two or three. */
    static final int MAX_ELIGIBLE_HOSTS = 8;
    private static final int UNKNOWN = 0;
    private static final int ELIGIBLE = 1;
    private static final int INELIGIBLE = 2;

    private final String name;
    private final String host;
    private final boolean preferred;
    private final long holdNanos;
    private final long leaseNanos;
    // Written by the client's loop thread only; deposed is set before holdsUntil falls.
    private volatile long holdsUntil = Long.MIN_VALUE;
    private volatile boolean deposed;
    private volatile long token;
    private volatile String holder;
    private volatile long holderToken;
    private volatile boolean selfEligible;
    private volatile long lastAnswerAt;
    private volatile boolean answered;
    private final AtomicReferenceArray<String> slotHost = new AtomicReferenceArray<>(MAX_ELIGIBLE_HOSTS);
    private final AtomicIntegerArray wanted = new AtomicIntegerArray(MAX_ELIGIBLE_HOSTS);
    private final AtomicIntegerArray confirmed = new AtomicIntegerArray(MAX_ELIGIBLE_HOSTS);
    private final String[] seen = new String[MAX_ELIGIBLE_HOSTS]; // holder names heard, reused: no String per reply

    ServiceLease(String name, String host, boolean preferred, ClusterTimeouts timeouts) {
        this.name = LeaseProtocol.checkName("lease name", name);
        this.host = LeaseProtocol.checkName("host name", host);
        this.preferred = preferred;
        this.holdNanos = timeouts.holdNanos();
        this.leaseNanos = timeouts.lease().toNanos();
    }

    /** The lease's name, e.g. the service's. */
    public String name() {
        return name;
    }

    /**
     * Whether this host holds the lease at {@code nowNanos} ({@link System#nanoTime()}): the cluster granted a request
     * this host sent less than the lease (less drift and skew) before, and no other host has taken it since.
     */
    public boolean holds(long nowNanos) {
        return !deposed && nowNanos < holdsUntil;
    }

    /** The fencing token of the lease this host holds or last held; 0 if it never held it. */
    public long token() {
        return token;
    }

    /** The holder as last heard from the cluster; null if unknown or never granted. */
    public String holder() {
        return holder;
    }

    /** The holder's token as last heard; 0 if unknown or never granted. */
    public long holderToken() {
        return holderToken;
    }

    /** Whether another host took the lease from this one: this process must never write for the service again. */
    public boolean deposed() {
        return deposed;
    }

    /** Asks the cluster, while this host holds the lease, to let {@code host} take over (resent until confirmed). */
    public void askEligible(String host) {
        wanted.set(slot(host), ELIGIBLE);
    }

    /** Asks the cluster, while this host holds the lease, not to let {@code host} take over. */
    public void askIneligible(String host) {
        wanted.set(slot(host), INELIGIBLE);
    }

    /** Whether the cluster confirmed {@code host} eligible to take over from this host, under its current token. */
    public boolean eligible(String host) {
        int i = find(host);
        return i >= 0 && confirmed.get(i) == ELIGIBLE;
    }

    /** Whether the cluster confirmed {@code host} ineligible, under this host's current token. */
    public boolean ineligible(String host) {
        int i = find(host);
        return i >= 0 && confirmed.get(i) == INELIGIBLE;
    }

    /** One line: why this host does not hold the lease at {@code nowNanos}, for logs and status; null if it does. */
    public String why(long nowNanos) {
        if (deposed)
            return (holder == null ? "another host held lease '" + name + "' (the cluster is at token " + holderToken
                    + ")" : "host " + holder + " took lease '" + name + "' with token " + holderToken)
                    + " after this host's " + token + ": this process must not write for it again (restart it as a"
                    + " standby)";
        if (holds(nowNanos))
            return null;
        if (!answered)
            return "no answer from the cluster yet about lease '" + name + "'";
        long lease = TimeUnit.NANOSECONDS.toMillis(leaseNanos);
        if (host.equals(holder))
            return "the last renewal of lease '" + name + "' (token " + token + ") that the cluster granted was sent "
                    + TimeUnit.NANOSECONDS.toMillis(nowNanos - (holdsUntil - holdNanos)) + " ms ago (lease " + lease
                    + " ms): the cluster's majority is unreachable or electing, so this host must not write";
        long silent = TimeUnit.NANOSECONDS.toMillis(nowNanos - lastAnswerAt);
        if (silent > lease)
            return "no answer from the cluster about lease '" + name + "' for " + silent + " ms (lease " + lease
                    + " ms): its majority is unreachable or electing";
        if (holder == null)
            return preferred ? "lease '" + name + "' not granted yet" : "nobody holds lease '" + name + "' yet, and"
                    + " only the service's preferred host takes it first";
        return "host " + holder + " holds lease '" + name + "' with token " + holderToken
                + (selfEligible ? "" : "; this host is not eligible to take over");
    }

    @Override
    public String toString() {
        return "lease '" + name + "' of host " + host + ": holder " + holder + " token " + holderToken
                + (deposed ? " (deposed)" : "");
    }

    // --- the client's loop thread ---

    String host() {
        return host;
    }

    boolean preferred() {
        return preferred;
    }

    /** The end of the current grant (nanoTime), for tests recording what this host may do. */
    long holdsUntil() {
        return holdsUntil;
    }

    /** The cluster granted this host's request sent at {@code sentAt} under {@code grantedToken}. */
    void granted(long grantedToken, long sentAt, long nowNanos) {
        answered(nowNanos);
        if (deposed)
            return;
        if (token != 0 && grantedToken != token) { // another host held it in between: this host missed being deposed
            depose(grantedToken, null);
            return;
        }
        token = grantedToken;
        holder = host;
        holderToken = grantedToken;
        long until = sentAt + holdNanos;
        if (until > holdsUntil)
            holdsUntil = until;
    }

    /** The cluster says {@code holder at holderAt} (or nobody) holds the lease under {@code heldToken}. */
    void held(DirectBuffer buffer, int holderAt, long heldToken, boolean requesterEligible, long nowNanos) {
        answered(nowNanos);
        String h = name(buffer, holderAt);
        selfEligible = requesterEligible;
        if (token != 0 && heldToken > token && !host.equals(h)) {
            depose(heldToken, h);
            return;
        }
        holderToken = heldToken;
        holder = h;
    }

    /** The cluster confirms {@code host at hostAt}'s eligibility under {@code confirmedToken}. */
    void eligibility(DirectBuffer buffer, int hostAt, long confirmedToken, boolean eligible, long nowNanos) {
        answered(nowNanos);
        if (confirmedToken != token)
            return;
        for (int i = 0; i < MAX_ELIGIBLE_HOSTS; i++) {
            String h = slotHost.get(i);
            if (h != null && LeaseProtocol.matches(buffer, hostAt, h))
                confirmed.set(i, eligible ? ELIGIBLE : INELIGIBLE);
        }
    }

    /** The host of slot {@code i} if the cluster has not yet confirmed what this host asked for it; else null. */
    String pendingEligibility(int i) {
        int w = wanted.get(i);
        return w != UNKNOWN && w != confirmed.get(i) ? slotHost.get(i) : null;
    }

    boolean wantsEligible(int i) {
        return wanted.get(i) == ELIGIBLE;
    }

    private void depose(long newToken, String newHolder) {
        deposed = true;
        holdsUntil = Long.MIN_VALUE;
        holderToken = newToken;
        holder = newHolder;
    }

    private void answered(long nowNanos) {
        lastAnswerAt = nowNanos;
        answered = true;
    }

    /** The name at {@code at} as a String this lease already knows where possible: steady state allocates none. */
    private String name(DirectBuffer buffer, int at) {
        if (LeaseProtocol.matches(buffer, at, null))
            return null;
        if (LeaseProtocol.matches(buffer, at, host))
            return host;
        String current = holder;
        if (current != null && LeaseProtocol.matches(buffer, at, current))
            return current;
        for (int i = 0; i < seen.length; i++) {
            if (seen[i] == null) {
                seen[i] = LeaseProtocol.read(buffer, at);
                return seen[i];
            }
            if (LeaseProtocol.matches(buffer, at, seen[i]))
                return seen[i];
        }
        return LeaseProtocol.read(buffer, at); // more holders than slots: rare, allocation acceptable
    }

    private int find(String h) {
        for (int i = 0; i < MAX_ELIGIBLE_HOSTS; i++)
            if (h.equals(slotHost.get(i)))
                return i;
        return -1;
    }

    private int slot(String h) {
        LeaseProtocol.checkName("host name", h);
        while (true) {
            int i = find(h);
            if (i >= 0)
                return i;
            for (i = 0; i < MAX_ELIGIBLE_HOSTS; i++)
                if (slotHost.get(i) == null && slotHost.compareAndSet(i, null, h)) {
                    int first = find(h);
                    if (first != i) // another thread claimed a slot for the same host first: use that one
                        slotHost.set(i, null);
                    return first;
                }
            if (find(h) < 0)
                throw new IllegalStateException("cluster: lease '" + name + "' already tracks "
                        + MAX_ELIGIBLE_HOSTS + " hosts' eligibility; cannot add '" + h + "'");
        }
    }
}
