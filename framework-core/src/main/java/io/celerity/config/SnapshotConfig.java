package io.celerity.config;

import java.time.Duration;

/**
 * When and where a service writes snapshots of its state, so a restart replays only what came after the latest one.
 *
 * @param queue       the queue the snapshots are written to; read and written by this service alone
 * @param method      the component method that writes the state: {@code public void name(S out)}, where {@code S} is
 *                    an interface of state events the component also implements, to be given the state back
 * @param everyInputs a snapshot after this many inputs, or 0 for no count
 * @param period      a snapshot this long after the previous one if any input came since, or {@code null} for none
 */
public record SnapshotConfig(String queue, String method, long everyInputs, Duration period) {
}
