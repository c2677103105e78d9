package io.celerity.internal.cluster;

import io.aeron.cluster.service.Cluster;

import java.nio.file.Path;

/**
 * One cluster member as its own process: {@code MemberMain members host dir}. Prints each lease extension
 * ({@code lease member=a term=3 from=.. until=.. at=..}, nanoTime) before it takes effect, and, from a thread of its
 * own reading {@link Leadership} as any thread may, each change of role, term or lease ({@code status ...}).
 */
public final class MemberMain {

    private MemberMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ClusterMembers members = ClusterMembers.parse(args[0]);
        String host = args[1];
        LeaseListener print = (term, from, until, now) -> System.out.println("lease member=" + host + " term=" + term
                + " from=" + from + " until=" + until + " at=" + now);
        ClusterMember member = ClusterMember.start(members, host, Path.of(args[2]), ClusterTimeouts.DEFAULT, print);
        Runtime.getRuntime().addShutdownHook(new Thread(member::close));
        System.out.println("member " + host + " started");
        Leadership leadership = member.leadership();
        String last = "";
        while (true) {
            long now = System.nanoTime();
            Cluster.Role role = leadership.role();
            String state = "role=" + role + " term=" + leadership.term() + " leader=" + leadership.leaderMemberId()
                    + " holds=" + leadership.holdsLease(now);
            if (!state.equals(last))
                System.out.println("status member=" + host + " " + state + " at=" + now);
            last = state;
            Thread.sleep(5);
        }
    }
}
