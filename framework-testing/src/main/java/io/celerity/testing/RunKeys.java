package io.celerity.testing;

import io.celerity.config.KeysConfig;
import io.celerity.encryption.KeyProvider;
import io.celerity.internal.encryption.Ciphers;

import javax.crypto.SecretKey;
import java.util.Map;

/**
 * The key of a test run's encrypted queues ({@link YamlTests#encryptedQueues()}): one 256-bit AES key made when the
 * test JVM first needs it, held in memory only, so that a RESTART run's hosts all open what the first one sealed.
 */
public final class RunKeys implements KeyProvider {

    static final String KEY = "test-run";
    static final KeysConfig CONFIG = new KeysConfig(null, null, null, RunKeys.class.getName());

    private static final SecretKey RUN_KEY = Ciphers.newAesKey();

    @Override
    public Map<Integer, SecretKey> versions(String name) {
        return KEY.equals(name) ? Map.of(1, RUN_KEY) : Map.of();
    }

}
