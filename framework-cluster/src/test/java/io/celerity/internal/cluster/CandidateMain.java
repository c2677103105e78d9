package io.celerity.internal.cluster;

import java.util.List;

/**
 * A candidate host for lease {@code oms} as its own process: {@code CandidateMain names addresses basePort host
 * address preferred other}. Runs a {@link LeaseClient} on its main thread, the way a host's loop would, and while it
 * holds the lease asks the cluster to make {@code other} eligible. Before it may act on each new grant it prints
 * it ({@code hold host=a token=1 from=.. until=.. at=..}, nanoTime: from its first hold of this stretch to what the
 * grant allows), and each change of what the lease says ({@code status host=a holds=true ... at=..}).
 */
public final class CandidateMain {

    static final String LEASE = "oms";

    private CandidateMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ClusterMembers members = ClusterMembers.of(List.of(args[0].split(",")), List.of(args[1].split(",")),
                Integer.parseInt(args[2]));
        String host = args[3];
        String other = args[6];
        LeaseClient client = new LeaseClient(members, host, args[4], null, ClusterTimeouts.DEFAULT);
        ServiceLease lease = client.lease(LEASE, Boolean.parseBoolean(args[5]));
        lease.askEligible(other);
        System.out.println("candidate " + host + " started");
        long printedUntil = Long.MIN_VALUE;
        long from = Long.MIN_VALUE;
        String last = "";
        while (true) {
            int work = client.doWork();
            long now = System.nanoTime();
            boolean holds = lease.holds(now);
            if (!holds)
                from = Long.MIN_VALUE;
            else if (lease.holdsUntil() != printedUntil) { // a new grant: recorded before anything acts on it
                if (from == Long.MIN_VALUE)
                    from = now;
                printedUntil = lease.holdsUntil();
                System.out.println("hold host=" + host + " token=" + lease.token() + " from=" + from + " until="
                        + printedUntil + " at=" + now);
            }
            String state = "holds=" + holds + " token=" + lease.token() + " holder=" + lease.holder()
                    + " holderToken=" + lease.holderToken() + " deposed=" + lease.deposed() + " eligible("
                    + other + ")=" + lease.eligible(other);
            if (!state.equals(last))
                System.out.println("status host=" + host + " " + state + " at=" + now
                        + (holds ? "" : " why=" + lease.why(now)));
            last = state;
            if (work == 0)
                Thread.sleep(1);
        }
    }
}
