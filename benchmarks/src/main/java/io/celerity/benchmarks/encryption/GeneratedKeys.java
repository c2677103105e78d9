package io.celerity.benchmarks.encryption;

import io.celerity.config.KeysConfig;
import io.celerity.encryption.KeyProvider;
import io.celerity.internal.encryption.Ciphers;

import javax.crypto.SecretKey;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The benchmarks' key provider: one fresh 256-bit AES key per name for the life of the process, version 1, so that a
 * benchmark's writer, host and reader share it without a key store on disk.
 */
public final class GeneratedKeys implements KeyProvider {

    private static final Map<String, SecretKey> KEYS = new ConcurrentHashMap<>();

    /** The configuration naming this provider. */
    public static KeysConfig config() {
        return new KeysConfig(null, null, null, GeneratedKeys.class.getName());
    }

    @Override
    public Map<Integer, SecretKey> versions(String name) {
        return Map.of(1, KEYS.computeIfAbsent(name, n -> Ciphers.newAesKey()));
    }

}
