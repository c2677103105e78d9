package io.celerity.config;

import net.openhft.chronicle.queue.RollCycles;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Checks a configuration's queues; throws on the first mistake. */
final class QueueValidator {

    private final CelerityConfig config;

    QueueValidator(CelerityConfig config) {
        this.config = config;
    }

    void validate() {
        Map<Integer, String> bySourceId = new HashMap<>();
        for (QueueConfig q : config.queues().values()) {
            String entry = "queue '" + q.name() + "'";
            if (q.path() == null)
                throw error(entry, "path", "missing; expected the queue's directory");
            try {
                RollCycles.valueOf(q.rollCycle());
            } catch (IllegalArgumentException | NullPointerException e) {
                throw error(entry, "rollCycle", "unknown roll cycle '" + q.rollCycle()
                        + "'; expected a Chronicle RollCycles name such as FAST_DAILY or FAST_HOURLY");
            }
            if (q.sync() == null)
                throw error(entry, "sync", "missing; expected one of NONE, ASYNC, SYNC");
            if (q.sourceId() <= 0)
                throw error(entry, "sourceId", "source id " + q.sourceId() + " must be positive");
            String other = bySourceId.putIfAbsent(q.sourceId(), q.name());
            if (other != null)
                throw error(entry, "sourceId", "source id " + q.sourceId() + " is already used by queue '" + other
                        + "'; expected a unique id per queue");
            if (q.keepCycles() < 0)
                throw error(entry, "keepCycles", q.keepCycles() + " is negative; expected 0 (keep every cycle) or the "
                        + "number of newest cycle files to keep");
            checkWritable(entry, q.path());
            for (String event : q.events())
                eventInterface(entry, event);
            if (q.encrypted())
                checkEncryption(entry, q);
        }
        if (config.keys() != null)
            checkKeys(config.keys());
    }

    private void checkEncryption(String entry, QueueConfig q) {
        if (q.encryptionKey().isBlank() || !q.encryptionKey().matches("[A-Za-z0-9_-]+"))
            throw error(entry, "encryptionKey", "'" + q.encryptionKey() + "' is not a key name; expected letters, "
                    + "digits, '-' or '_' (the key store holds its versions as NAME.1, NAME.2, ...)");
        if (config.keys() == null)
            throw error(entry, "encryptionKey", "no keys configured; expected a top-level 'keys' section naming the "
                    + "key store (store, and passwordEnv or passwordFile) or a provider");
    }

    // A configuration built in code; a file's keys section is checked as it is read, naming its line.
    private void checkKeys(KeysConfig keys) {
        if ((keys.store() == null) == (keys.provider() == null))
            throw error("top level", "keys", "expected either a store (a PKCS12 key store file) or a provider (a "
                    + "KeyProvider class), not both, not neither");
        if (keys.store() != null && (keys.passwordEnv() == null) == (keys.passwordFile() == null))
            throw error("top level", "keys", "expected either passwordEnv (an environment variable) or passwordFile "
                    + "(a file) holding the key store's password, not both");
        if (keys.subjects() != null) {
            QueueConfig q = config.queues().get(keys.subjects());
            if (q == null || !q.encrypted())
                throw error("top level", "keys.subjects", q == null ? "unknown queue '" + keys.subjects()
                        + "'; expected a declared queue" : "queue '" + keys.subjects() + "' is not encrypted; expected "
                        + "one with an encryptionKey, as it holds the data subjects' keys");
            if (q.keepCycles() != 0)
                throw error("queue '" + q.name() + "'", "keepCycles", "the queue of the data subjects' keys keeps every "
                        + "cycle (its records are the keys and the forgets); expected no keepCycles");
        }
    }

    /** A class named under a queue's {@code events}: it must load and be an interface. */
    Class<?> eventInterface(String entry, String name) {
        Class<?> c;
        try {
            c = Class.forName(name, false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw error(entry, "events", "class '" + name + "' not found; expected the fully qualified name of an "
                    + "event interface on the classpath");
        }
        if (!c.isInterface())
            throw error(entry, "events", "'" + name + "' is a class, not an interface; expected the interfaces whose "
                    + "events the queue carries");
        return c;
    }

    private void checkWritable(String entry, Path path) {
        Path p = path.toAbsolutePath();
        while (p != null && !Files.exists(p))
            p = p.getParent();
        if (p == null || !Files.isDirectory(p) || !Files.isWritable(p))
            throw error(entry, "path", "'" + path + "' is not writable (" + (p == null ? "no existing parent"
                    : p + (Files.isDirectory(p) ? " is read-only" : " is not a directory"))
                    + "); expected a directory this process can create and write");
    }

    private ConfigException error(String entry, String key, String problem) {
        return new ConfigException(config.source(), config.line(entry, key), entry, key, problem);
    }
}
