package io.celerity.config;

import java.nio.file.Path;
import java.util.List;

/**
 * The Aeron Cluster (Raft) that decides which host is the primary of each highly available service: its members, an
 * odd number of at least three of the deployment's hosts, each running a member inside its {@code celerity run}
 * process.
 *
 * @param members  the member hosts, in member-id order
 * @param port     the first of the ports each member takes ({@code port + 5 * member id} onwards, so that members
 *                 sharing an address never collide)
 * @param dir      where each member keeps its log and votes, in a subdirectory named after its host
 */
public record ClusterConfig(List<String> members, int port, Path dir) {

    /** The default first port of the cluster's members. */
    public static final int DEFAULT_PORT = 40500;

    public ClusterConfig {
        members = List.copyOf(members);
    }

    /** The directory of {@code host}'s member. */
    public Path memberDir(String host) {
        return dir.resolve(host);
    }
}
