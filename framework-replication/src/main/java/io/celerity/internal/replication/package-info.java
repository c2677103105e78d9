/**
 * Queue replication over Aeron UDP: a {@link io.celerity.internal.replication.QueueSource} tails a queue and sends
 * each document with its index, a {@link io.celerity.internal.replication.QueueSink} appends it at the same index on
 * another host and acknowledges it (docs/replication.adoc).
 */
package io.celerity.internal.replication;
