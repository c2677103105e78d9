package io.celerity.config;

import java.nio.file.Path;

/**
 * Where the keys of encrypted queues come from ({@link QueueConfig#encryptionKey()}): a PKCS12 key store file, its
 * password read from an environment variable or a file, or a class of the user's implementing
 * {@code io.celerity.encryption.KeyProvider} (e.g. a KMS or an HSM). Never the keys themselves.
 *
 * @param store        the PKCS12 key store file, or {@code null} with a provider
 * @param passwordEnv  the environment variable holding the store's password, or {@code null}
 * @param passwordFile the file holding the store's password (its first line), or {@code null}
 * @param provider     the fully qualified name of a {@code KeyProvider} with a public no-argument constructor, or
 *                     {@code null} with a store
 * @param subjects     the encrypted queue that holds a key per data subject (see {@code io.celerity.api.DataSubject}),
 *                     or {@code null} when no message has personal data
 */
public record KeysConfig(Path store, String passwordEnv, Path passwordFile, String provider, String subjects) {

    /** Keys with no queue of data subjects' keys. */
    public KeysConfig(Path store, String passwordEnv, Path passwordFile, String provider) {
        this(store, passwordEnv, passwordFile, provider, null);
    }

    /** Keys from a PKCS12 key store whose password is in environment variable {@code passwordEnv}. */
    public static KeysConfig keyStore(Path store, String passwordEnv) {
        return new KeysConfig(store, passwordEnv, null, null);
    }

    /** These keys, with the data subjects' keys in encrypted queue {@code queue}. */
    public KeysConfig withSubjects(String queue) {
        return new KeysConfig(store, passwordEnv, passwordFile, provider, queue);
    }
}
