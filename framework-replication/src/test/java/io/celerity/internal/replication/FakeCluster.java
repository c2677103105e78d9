package io.celerity.internal.replication;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.List;

/**
 * The lease service as the design has it, in memory: one holder at a time, a new holder only once the lease expired and
 * the holder had declared it eligible, each such grant a token one higher and no host eligible after it. The test
 * expires leases and grants them; eligibility requests are confirmed at once unless held back.
 */
final class FakeCluster {

    private volatile String holder;
    private volatile long token;
    private volatile boolean expired;
    private volatile boolean holdConfirmations;
    private final Set<String> eligible = ConcurrentHashMap.newKeySet();
    private final Set<String> pendingIneligible = ConcurrentHashMap.newKeySet();
    final List<String> requests = new CopyOnWriteArrayList<>();

    /** Grants the lease to {@code host}, as the cluster would; throws where the design forbids it. */
    synchronized long grant(String host) {
        if (holder != null && !expired)
            throw new IllegalStateException(holder + " still holds the lease");
        if (holder != null && !eligible.contains(host))
            throw new IllegalStateException(host + " is not eligible (" + eligible + ")");
        holder = host;
        token++;
        expired = false;
        eligible.clear();
        pendingIneligible.clear();
        return token;
    }

    /** The holder's lease runs out (it stopped renewing: dead, paused, cut off). */
    void expire() {
        expired = true;
    }

    /** Requests to make a host ineligible wait until {@link #confirm()}: a cluster slow to answer. */
    void holdConfirmations() {
        holdConfirmations = true;
    }

    /** Confirms what was held back, and confirms at once from now on. */
    synchronized void confirm() {
        holdConfirmations = false;
        eligible.removeAll(pendingIneligible);
        pendingIneligible.clear();
    }

    boolean eligible(String host) {
        return eligible.contains(host);
    }

    /** This host's view of the lease. */
    Lease lease(String host) {
        return new Lease(host);
    }

    final class Lease implements HaLease {

        private final String host;
        private volatile long held;

        private Lease(String host) {
            this.host = host;
        }

        @Override
        public boolean holds(long nowNanos) {
            boolean holds = host.equals(holder) && !expired;
            if (holds)
                held = token;
            return holds;
        }

        @Override
        public long token() {
            return held;
        }

        @Override
        public String holder() {
            return holder;
        }

        @Override
        public long holderToken() {
            return token;
        }

        @Override
        public boolean deposed() {
            return held > 0 && token > held;
        }

        @Override
        public void askEligible(String other) {
            synchronized (FakeCluster.this) {
                if (!host.equals(holder) || eligible.contains(other))
                    return;
                requests.add("eligible " + other);
                eligible.add(other);
                pendingIneligible.remove(other);
            }
        }

        @Override
        public void askIneligible(String other) {
            synchronized (FakeCluster.this) {
                if (!host.equals(holder) || !eligible.contains(other) || pendingIneligible.contains(other))
                    return;
                requests.add("ineligible " + other);
                if (holdConfirmations)
                    pendingIneligible.add(other);
                else
                    eligible.remove(other);
            }
        }

        @Override
        public boolean eligible(String other) {
            return eligible.contains(other);
        }

        @Override
        public boolean ineligible(String other) {
            return !eligible(other);
        }

        @Override
        public String why(long nowNanos) {
            return holds(nowNanos) ? null : "lease held by " + holder + " (token " + token + ")";
        }
    }
}
