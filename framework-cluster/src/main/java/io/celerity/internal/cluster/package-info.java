/**
 * A lock service for highly available services: an Aeron Cluster (Raft) member per cluster host
 * ({@link io.celerity.internal.cluster.ClusterMember}) whose clustered service grants named, fenced leases in cluster
 * time, and the client a host runs to hold or take over a service's lease
 * ({@link io.celerity.internal.cluster.LeaseClient}, {@link io.celerity.internal.cluster.ServiceLease};
 * docs/cluster.adoc).
 */
package io.celerity.internal.cluster;
