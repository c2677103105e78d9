package io.celerity.encryption;

import javax.crypto.SecretKey;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The keys of a PKCS12 key store file: version {@code N} of key {@code name} is the secret key entry aliased
 * {@code name.N} (e.g. made with {@code keytool -genseckey -keyalg AES -keysize 256 -storetype PKCS12 -alias
 * orders.1}), protected by the store's password.
 */
public final class KeyStoreKeys implements KeyProvider {

    private final Path file;
    private final KeyStore store;
    private final char[] password;

    /** Opens {@code file} with {@code password}; the password is kept, for reading each key once. */
    public KeyStoreKeys(Path file, char[] password) {
        this.file = file;
        this.password = password.clone();
        try (InputStream in = Files.newInputStream(file)) {
            store = KeyStore.getInstance("PKCS12");
            store.load(in, this.password);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("key store '" + file + "' cannot be read: " + e.getMessage()
                    + " (a wrong password reads as a corrupt file)", e);
        }
    }

    @Override
    public Map<Integer, SecretKey> versions(String name) {
        String prefix = name.toLowerCase(Locale.ROOT) + "."; // PKCS12 keeps aliases in lower case
        Map<Integer, SecretKey> versions = new TreeMap<>();
        try {
            for (String alias : Collections.list(store.aliases())) {
                String lower = alias.toLowerCase(Locale.ROOT);
                if (!lower.startsWith(prefix) || !lower.substring(prefix.length()).matches("[1-9][0-9]{0,8}"))
                    continue;
                if (!(store.getKey(alias, password) instanceof SecretKey key))
                    throw new IllegalStateException("key store '" + file + "': entry '" + alias
                            + "' is not a secret key; expected an AES key made with keytool -genseckey");
                versions.put(Integer.parseInt(lower.substring(prefix.length())), key);
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("key store '" + file + "': key '" + name + "' cannot be read: "
                    + e.getMessage(), e);
        }
        return versions;
    }
}
