package io.celerity.internal.encryption;

import javax.crypto.SecretKey;
import java.util.Map;
import java.util.TreeMap;

/** The versions of the key of one encrypted queue: the newest seals, each document names the one that opens it. */
final class QueueKeys {

    private final String queue;
    private final String keyName;
    private final Map<Integer, SecretKey> versions;
    private final int newest;

    QueueKeys(String queue, String keyName, Map<Integer, SecretKey> versions) {
        if (versions.isEmpty())
            throw new IllegalStateException("queue '" + queue + "' is encrypted with key '" + keyName
                    + "', and the key provider holds no version of it (expected entries " + keyName + ".1, "
                    + keyName + ".2, ...)");
        this.queue = queue;
        this.keyName = keyName;
        this.versions = new TreeMap<>(versions);
        this.newest = ((TreeMap<Integer, SecretKey>) this.versions).lastKey();
    }

    String queue() {
        return queue;
    }

    String keyName() {
        return keyName;
    }

    /** The version new documents are sealed with. */
    int newest() {
        return newest;
    }

    /** Version {@code version} of the key, or {@code null} when it is not held here. */
    SecretKey version(int version) {
        return versions.get(version);
    }
}
