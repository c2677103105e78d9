package io.celerity.internal.cluster;

import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The lock service's replicated state: named leases granted to hosts in cluster time (docs/cluster.adoc, "The
 * rules"). Applied only to requests read from the committed log, so every member computes the same table; times are
 * the log's timestamps, never a local clock. Not thread-safe: the clustered service's thread owns it.
 */
final class LeaseTable {

    /** One lease: who holds it, under which fencing token, until when (cluster time), and who may take over. */
    static final class Entry {
        final String name;
        String holder; // null: never granted
        long token; // 0: never granted; +1 per grant to a different host
        long expiresAt;
        final Set<String> eligible = new TreeSet<>(); // sorted: snapshots are byte-identical on every member

        Entry(String name) {
            this.name = name;
        }

        boolean eligible(String host) {
            return eligible.contains(host);
        }

        @Override
        public String toString() {
            return name + ": holder " + holder + " token " + token + " until " + expiresAt + " eligible " + eligible;
        }
    }

    private final Map<String, Entry> leases = new TreeMap<>();
    private final long lease;

    /** @param lease how long a grant or renewal lasts, in the cluster's time unit */
    LeaseTable(long lease) {
        this.lease = lease;
    }

    /**
     * {@code host} asks for lease {@code name} at cluster time {@code now}: the holder renews (even after expiry, if
     * nobody took it since); the first grant goes only to the preferred host; afterwards another host takes it only
     * once it has expired and the holder declared that host eligible. Returns the entry, held by {@code host} iff
     * granted.
     */
    Entry acquire(String name, String host, boolean preferred, long now) {
        Entry e = leases.computeIfAbsent(name, Entry::new);
        if (host.equals(e.holder)) {
            e.expiresAt = now + lease;
        } else if (e.token == 0) {
            if (preferred)
                grant(e, host, now);
        } else if (now >= e.expiresAt && e.eligible(host)) {
            grant(e, host, now);
        }
        return e;
    }

    private void grant(Entry e, String host, long now) {
        e.holder = host;
        e.token++;
        e.expiresAt = now + lease;
        e.eligible.clear(); // the old holder must catch up and be declared eligible again by the new one
    }

    /**
     * The holder of lease {@code name} under {@code token} declares {@code host} (in)eligible to take over; returns
     * the entry if it did (the requester holds it with that token), null if the request is ignored.
     */
    Entry setEligible(String name, String requester, long token, String host, boolean eligible) {
        Entry e = leases.get(name);
        if (e == null || !requester.equals(e.holder) || token != e.token)
            return null;
        if (eligible)
            e.eligible.add(host);
        else
            e.eligible.remove(host);
        return e;
    }

    /** The lease {@code name}, or null if nobody ever asked for it. */
    Entry get(String name) {
        return leases.get(name);
    }

    /** Every lease, sorted by name. */
    Collection<Entry> entries() {
        return Collections.unmodifiableCollection(leases.values());
    }

    /** Puts back a lease read from a snapshot. */
    void restore(String name, String holder, long token, long expiresAt, Collection<String> eligible) {
        Entry e = leases.computeIfAbsent(name, Entry::new);
        e.holder = holder;
        e.token = token;
        e.expiresAt = expiresAt;
        e.eligible.clear();
        e.eligible.addAll(eligible);
    }

    @Override
    public String toString() {
        return leases.values().toString();
    }
}
