package io.celerity.internal.replication;

/**
 * One sink of a source queue, as the source sees it.
 *
 * @param id   the number the sink puts in its acknowledgements (unique per source queue)
 * @param data where the sink receives the documents
 */
public record SinkEndpoint(int id, Endpoint data) {
}
