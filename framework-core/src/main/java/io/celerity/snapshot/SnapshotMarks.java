package io.celerity.snapshot;

/**
 * The framework's own events on a snapshot queue, around the component's state events: a snapshot counts only once its
 * end is written, so one cut short by a crash is passed over.
 */
public interface SnapshotMarks {

    void snapshotStarted(SnapshotStarted started);

    void snapshotEnded(SnapshotEnded ended);
}
