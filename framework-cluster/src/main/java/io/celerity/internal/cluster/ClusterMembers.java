package io.celerity.internal.cluster;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The hosts of a cluster, in member-id order, each with an address and a base port its member's ports are derived from
 * ({@link #PORTS_PER_MEMBER} in a row). An odd number of at least three: an even one adds a host without adding a
 * failure it survives, and a majority of two needs both.
 */
public final class ClusterMembers {

    /** Ports a member takes from its base port: ingress, consensus, log, catch-up, archive control. */
    public static final int PORTS_PER_MEMBER = 5;
    private static final int INGRESS = 0;
    private static final int CONSENSUS = 1;
    private static final int LOG = 2;
    private static final int CATCHUP = 3;
    private static final int ARCHIVE = 4;

    /** One host of the cluster: its name, address and the first of its ports. */
    public record Member(String name, String address, int basePort) {

        /** A member's endpoint for {@code offset}, e.g. {@code 10.0.0.1:20002}. */
        String endpoint(int offset) {
            return address + ":" + (basePort + offset);
        }

        /** The endpoint its archive takes control requests on (other members replicate the log through it). */
        public String archiveEndpoint() {
            return endpoint(ARCHIVE);
        }

        @Override
        public String toString() {
            return name + "@" + address + ":" + basePort;
        }
    }

    private final List<Member> members;

    private ClusterMembers(List<Member> members) {
        this.members = List.copyOf(members);
    }

    /** The members in id order (member id = position in the list); refuses an even count or a repeated name or port. */
    public static ClusterMembers of(List<Member> members) {
        if (members.size() < 3 || members.size() % 2 == 0)
            throw new IllegalArgumentException("cluster: " + members.size() + " members " + names(members)
                    + "; name an odd number, at least 3 (a majority of an even number survives no more failures"
                    + " than one member fewer)");
        Set<String> names = new HashSet<>();
        Set<String> endpoints = new HashSet<>();
        for (Member m : members) {
            if (m.name() == null || m.name().isBlank())
                throw new IllegalArgumentException("cluster: a member has no host name in " + members);
            if (!names.add(m.name()))
                throw new IllegalArgumentException("cluster: host '" + m.name() + "' named twice in " + names(members));
            if (m.address() == null || m.address().isBlank())
                throw new IllegalArgumentException("cluster: host '" + m.name() + "' has no address");
            if (m.basePort() < 1 || m.basePort() + PORTS_PER_MEMBER - 1 > 65535)
                throw new IllegalArgumentException("cluster: host '" + m.name() + "' base port " + m.basePort()
                        + " leaves no room for its " + PORTS_PER_MEMBER + " ports below 65536");
            for (int p = 0; p < PORTS_PER_MEMBER; p++)
                if (!endpoints.add(m.endpoint(p)))
                    throw new IllegalArgumentException("cluster: host '" + m.name() + "' port " + (m.basePort() + p)
                            + " on " + m.address() + " is another member's too; space base ports "
                            + PORTS_PER_MEMBER + " apart on a shared address");
        }
        return new ClusterMembers(members);
    }

    /**
     * The members {@code names} at {@code addresses} (same order and count), member {@code i}'s ports from
     * {@code basePort + PORTS_PER_MEMBER * i}: apart even when several share one address (loopback tests).
     */
    public static ClusterMembers of(List<String> names, List<String> addresses, int basePort) {
        if (names.size() != addresses.size())
            throw new IllegalArgumentException("cluster: " + names.size() + " members " + names + " but "
                    + addresses.size() + " addresses " + addresses + "; give one address per member");
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < names.size(); i++)
            members.add(new Member(names.get(i), addresses.get(i), basePort + PORTS_PER_MEMBER * i));
        return of(members);
    }

    /**
     * Parses {@code name=address:basePort,...}, e.g. {@code a=10.0.0.1:20000,b=10.0.0.2:20000,c=10.0.0.3:20000}.
     */
    public static ClusterMembers parse(String spec) {
        List<Member> members = new ArrayList<>();
        for (String entry : spec.split(",")) {
            String e = entry.trim();
            int eq = e.indexOf('=');
            int colon = e.lastIndexOf(':');
            if (eq <= 0 || colon < eq + 2 || colon == e.length() - 1)
                throw new IllegalArgumentException("cluster: member '" + e + "' in '" + spec
                        + "' is not name=address:basePort");
            try {
                members.add(new Member(e.substring(0, eq), e.substring(eq + 1, colon),
                        Integer.parseInt(e.substring(colon + 1))));
            } catch (NumberFormatException ex) {
                throw new IllegalArgumentException("cluster: member '" + e + "' in '" + spec
                        + "' has a base port that is not a number", ex);
            }
        }
        return of(members);
    }

    /** The member id of host {@code name}; refuses a host that is not a member. */
    public int idOf(String name) {
        for (int i = 0; i < members.size(); i++)
            if (members.get(i).name().equals(name))
                return i;
        throw new IllegalArgumentException("cluster: host '" + name + "' is not a member; the members are "
                + names(members));
    }

    public Member member(int id) {
        return members.get(id);
    }

    public int size() {
        return members.size();
    }

    /** Aeron Cluster's {@code clusterMembers} string: {@code id,ingress,consensus,log,catchup,archive|...}. */
    String aeronMembers() {
        StringBuilder s = new StringBuilder();
        for (int id = 0; id < members.size(); id++) {
            Member m = members.get(id);
            s.append(id).append(',').append(m.endpoint(INGRESS)).append(',').append(m.endpoint(CONSENSUS))
                    .append(',').append(m.endpoint(LOG)).append(',').append(m.endpoint(CATCHUP))
                    .append(',').append(m.endpoint(ARCHIVE)).append('|');
        }
        return s.toString();
    }

    /** Aeron Cluster's {@code ingressEndpoints} string for clients: {@code id=address:port,...}. */
    String ingressEndpoints() {
        StringBuilder s = new StringBuilder();
        for (int id = 0; id < members.size(); id++)
            s.append(id == 0 ? "" : ",").append(id).append('=').append(members.get(id).endpoint(INGRESS));
        return s.toString();
    }

    private static List<String> names(List<Member> members) {
        return members.stream().map(Member::name).toList();
    }

    @Override
    public String toString() {
        return members.toString();
    }
}
