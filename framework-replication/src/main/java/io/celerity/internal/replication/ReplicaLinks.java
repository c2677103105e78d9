package io.celerity.internal.replication;

import java.util.List;

/** The {@link ReplicaLink}s of a host: what its sources and sinks report, by host name. */
final class ReplicaLinks {

    private ReplicaLinks() {
    }

    /** At the source, one sink of {@code queue}. */
    record AtSource(String queue, String source, String sink, QueueSource replicator, int sinkId)
            implements ReplicaLink {

        @Override
        public boolean atSource() {
            return true;
        }

        @Override
        public long ackedIndex() {
            return replicator.ackedIndex(sinkId);
        }

        @Override
        public long resumes() {
            return replicator.resumes(sinkId);
        }

        @Override
        public String failure() {
            return replicator.failure(sinkId);
        }
    }

    /** At a sink, the replica of {@code queue}; its source the host it follows now, of {@code hosts} by index. */
    record AtSink(String queue, List<String> hosts, String sink, QueueSink replicator) implements ReplicaLink {

        @Override
        public String source() {
            return hosts.get(replicator.sourceHost());
        }

        @Override
        public boolean atSource() {
            return false;
        }

        @Override
        public long ackedIndex() {
            return replicator.lastIndex();
        }

        @Override
        public long resumes() {
            return replicator.resumes();
        }

        @Override
        public String failure() {
            ReplicaDivergenceException divergence = replicator.divergence();
            return divergence == null ? null : divergence.getMessage();
        }
    }
}
