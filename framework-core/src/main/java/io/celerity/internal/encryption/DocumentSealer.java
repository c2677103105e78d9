package io.celerity.internal.encryption;

import net.openhft.chronicle.bytes.Bytes;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;

/**
 * Seals documents for one appender with AES-GCM under the newest version of its queue's key. A sealed document is
 * {@code format (1 byte) | key version (4) | nonce (12) | ciphertext | tag (16)}. The header is not passed as
 * associated data (the JDK buffers that, allocating, on every document): a changed format or version fails anyway,
 * as another key or none opens nothing. Each nonce is a random prefix drawn per sealer and a counter, so none repeats
 * under a key. One thread.
 */
final class DocumentSealer {

    static final byte FORMAT = 'G'; // AES-GCM, this layout
    static final byte PERSONAL = 'P'; // the same, and its messages' personal fields sealed again with their subjects' keys
    static final int HEADER = 5;
    static final int NONCE = 12;
    static final int TAG_BITS = 128;
    static final int OVERHEAD = HEADER + NONCE + TAG_BITS / 8;

    private static final SecureRandom RANDOM = new SecureRandom();

    private final QueueKeys keys;
    private final Cipher cipher;
    private final byte[] header = new byte[HEADER];
    private final byte[] nonce = new byte[NONCE];
    private int counter;
    private byte[] plain = new byte[512];
    private byte[] sealed = new byte[512 + TAG_BITS / 8];

    DocumentSealer(QueueKeys keys) {
        this.keys = keys;
        this.cipher = Ciphers.aesGcm();
        header[0] = FORMAT;
        Ciphers.putInt(header, 1, keys.newest());
        RANDOM.nextBytes(nonce);
    }

    /** Seals the readable bytes of {@code from} into {@code to} at its write position, marked {@code format}. */
    void seal(Bytes<?> from, Bytes<?> to, byte format) throws GeneralSecurityException {
        int length = Math.toIntExact(from.readRemaining());
        if (plain.length < length) {
            plain = new byte[Math.max(length, plain.length * 2)];
            sealed = new byte[plain.length + TAG_BITS / 8];
        }
        from.read(plain, 0, length);
        nextNonce();
        cipher.init(Cipher.ENCRYPT_MODE, keys.version(keys.newest()), new GCMParameterSpec(TAG_BITS, nonce));
        int n = cipher.doFinal(plain, 0, length, sealed, 0);
        header[0] = format;
        to.write(header);
        to.write(nonce);
        to.write(sealed, 0, n);
    }

    private void nextNonce() {
        if (++counter == 0)
            RANDOM.nextBytes(nonce); // after 2^32 documents: a fresh prefix, so no nonce repeats
        Ciphers.putInt(nonce, NONCE - 4, counter);
    }
}
