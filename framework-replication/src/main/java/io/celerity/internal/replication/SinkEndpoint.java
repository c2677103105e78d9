package io.celerity.internal.replication;

/**
 * One sink of a source queue, as the source sees it.
 *
 * @param id   the number the sink puts in its acknowledgements (unique per source queue)
 * @param data where the sink receives the documents
 * @param host the sink's host, for the log; null when it has no name (a test's loopback sink)
 */
public record SinkEndpoint(int id, Endpoint data, String host) {

    public SinkEndpoint(int id, Endpoint data) {
        this(id, data, null);
    }

    @Override
    public String toString() {
        return "sink " + id + (host == null ? "" : " (host " + host + ")");
    }
}
