package io.celerity.internal.cluster;

import java.nio.file.Path;
import java.util.List;

/**
 * One cluster member as its own process: {@code MemberMain names addresses basePort host dir} (names and addresses
 * comma-separated). Prints, from a thread of its own reading {@link Leadership} as any thread may, each change of
 * role or term ({@code status member=a role=LEADER term=3 leader=0 roleChanges=1 at=..}).
 */
public final class MemberMain {

    private MemberMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ClusterMembers members = ClusterMembers.of(List.of(args[0].split(",")), List.of(args[1].split(",")),
                Integer.parseInt(args[2]));
        String host = args[3];
        ClusterMember member = ClusterMember.start(members, host, Path.of(args[4]), ClusterTimeouts.DEFAULT);
        Runtime.getRuntime().addShutdownHook(new Thread(member::close));
        System.out.println("member " + host + " started");
        Leadership leadership = member.leadership();
        String last = "";
        while (true) {
            String state = "role=" + leadership.role() + " term=" + leadership.term() + " leader="
                    + leadership.leaderMemberId() + " roleChanges=" + member.roleChanges();
            if (!state.equals(last))
                System.out.println("status member=" + host + " " + state + " at=" + System.nanoTime());
            last = state;
            Thread.sleep(5);
        }
    }
}
