package io.celerity.config;

import java.nio.file.Path;
import java.util.List;

/**
 * A persisted queue.
 *
 * @param name      the name services use to refer to it
 * @param path      its directory
 * @param rollCycle a Chronicle {@code RollCycles} name, e.g. {@code FAST_DAILY}
 * @param sourceId  the id recorded in message history when a service reads this queue; unique on a host
 * @param keepCycles how many of the newest cycle files the host writing this queue keeps; 0 keeps every one
 * @param sync      when documents services write here are forced to disk
 * @param events    the fully qualified names of the interfaces whose events this queue carries; empty for any event
 * @param replication where it is written and copied to when the deployment spans several hosts, or {@code null}
 * @param encryptionKey the name of the key every document written to it is encrypted with (see {@link KeysConfig}),
 *                      or {@code null} when it is not encrypted
 */
public record QueueConfig(String name, Path path, String rollCycle, int sourceId, int keepCycles, SyncPolicy sync,
                          List<String> events, Replication replication, String encryptionKey) {

    public QueueConfig {
        events = events == null ? List.of() : List.copyOf(events);
    }

    /** A queue, not encrypted. */
    public QueueConfig(String name, Path path, String rollCycle, int sourceId, int keepCycles, SyncPolicy sync,
                       List<String> events, Replication replication) {
        this(name, path, rollCycle, sourceId, keepCycles, sync, events, replication, null);
    }

    /** A queue of a deployment on one host. */
    public QueueConfig(String name, Path path, String rollCycle, int sourceId, int keepCycles, SyncPolicy sync,
                       List<String> events) {
        this(name, path, rollCycle, sourceId, keepCycles, sync, events, null);
    }

    /** A queue carrying any event. */
    public QueueConfig(String name, Path path, String rollCycle, int sourceId, int keepCycles, SyncPolicy sync) {
        this(name, path, rollCycle, sourceId, keepCycles, sync, List.of());
    }

    /** A queue that keeps every cycle file and forces nothing to disk. */
    public QueueConfig(String name, Path path, String rollCycle, int sourceId) {
        this(name, path, rollCycle, sourceId, 0, SyncPolicy.NONE);
    }

    /** A queue keeping only its {@code keepCycles} newest cycle files (0: every one), forcing nothing to disk. */
    public QueueConfig(String name, Path path, String rollCycle, int sourceId, int keepCycles) {
        this(name, path, rollCycle, sourceId, keepCycles, SyncPolicy.NONE);
    }

    /** This queue keeping only its {@code keepCycles} newest cycle files (0: every one). */
    public QueueConfig withKeepCycles(int keepCycles) {
        return new QueueConfig(name, path, rollCycle, sourceId, keepCycles, sync, events, replication, encryptionKey);
    }

    /** This queue with every document services write to it forced to disk as {@code sync} says. */
    public QueueConfig withSync(SyncPolicy sync) {
        return new QueueConfig(name, path, rollCycle, sourceId, keepCycles, sync, events, replication, encryptionKey);
    }

    /**
     * This queue carrying only the events of {@code interfaces} (fully qualified names): a service reading it refuses
     * any other event as a bad message.
     */
    public QueueConfig withEvents(List<String> interfaces) {
        return new QueueConfig(name, path, rollCycle, sourceId, keepCycles, sync, interfaces, replication, encryptionKey);
    }

    /** This queue written on one host and copied to others, as {@code replication} says. */
    public QueueConfig withReplication(Replication replication) {
        return new QueueConfig(name, path, rollCycle, sourceId, keepCycles, sync, events, replication, encryptionKey);
    }

    /**
     * This queue with every document written to it encrypted with the newest version of key {@code keyName} from the
     * deployment's key provider ({@link CelerityConfig#keys()}).
     */
    public QueueConfig withEncryptionKey(String keyName) {
        return new QueueConfig(name, path, rollCycle, sourceId, keepCycles, sync, events, replication, keyName);
    }

    /** Whether documents are encrypted at rest in this queue. */
    public boolean encrypted() {
        return encryptionKey != null;
    }

    /** The roll cycle used when none is configured. */
    public static final String DEFAULT_ROLL_CYCLE = "FAST_DAILY";

    /** A queue with the default roll cycle, a source id derived from its name and no forced syncs. */
    public static QueueConfig of(String name, Path path) {
        return new QueueConfig(name, path, DEFAULT_ROLL_CYCLE, defaultSourceId(name));
    }

    /** A stable id from the name, so reordering the file does not change histories. */
    public static int defaultSourceId(String name) {
        return 1 + Math.floorMod(name.hashCode(), 1_000_000);
    }
}
