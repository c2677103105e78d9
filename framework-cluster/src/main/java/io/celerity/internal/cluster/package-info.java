/**
 * Leadership for a highly available service: an Aeron Cluster (Raft) member per host, whose clustered service holds
 * only leadership, the leader keeping a lease renewed through the cluster's log
 * ({@link io.celerity.internal.cluster.ClusterMember}, {@link io.celerity.internal.cluster.Leadership};
 * docs/cluster.adoc).
 */
package io.celerity.internal.cluster;
