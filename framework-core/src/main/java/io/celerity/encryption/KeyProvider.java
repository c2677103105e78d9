package io.celerity.encryption;

import javax.crypto.SecretKey;
import java.util.Map;

/**
 * Where the keys that encrypt queues at rest come from: a PKCS12 key store file ({@link KeyStoreKeys}) unless the
 * deployment names a class of its own (e.g. one asking a KMS or an HSM). Each key has numbered versions: documents
 * are written with the highest, and read with the version each names, so that a key rotates without rewriting a
 * queue. Called while a host or tool starts, never per message.
 */
public interface KeyProvider {

    /**
     * The versions of key {@code name} (1 and up) with their AES keys (128, 192 or 256 bits); empty when there is no
     * such key here.
     */
    Map<Integer, SecretKey> versions(String name);
}
