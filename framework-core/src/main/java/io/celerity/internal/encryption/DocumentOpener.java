package io.celerity.internal.encryption;

import net.openhft.chronicle.bytes.Bytes;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import java.security.GeneralSecurityException;

import static io.celerity.internal.encryption.DocumentSealer.FORMAT;
import static io.celerity.internal.encryption.DocumentSealer.HEADER;
import static io.celerity.internal.encryption.DocumentSealer.NONCE;
import static io.celerity.internal.encryption.DocumentSealer.OVERHEAD;
import static io.celerity.internal.encryption.DocumentSealer.PERSONAL;
import static io.celerity.internal.encryption.DocumentSealer.TAG_BITS;

/** Opens what a {@link DocumentSealer} sealed, with the key version each document names. One thread. */
final class DocumentOpener {

    private final QueueKeys keys;
    private final Cipher cipher;
    private final byte[] header = new byte[HEADER];
    private final byte[] nonce = new byte[NONCE];
    private byte[] sealed = new byte[512 + TAG_BITS / 8];
    private byte[] plain = new byte[512];

    DocumentOpener(QueueKeys keys) {
        this.keys = keys;
        this.cipher = Ciphers.aesGcm();
    }

    /**
     * Opens the readable bytes of {@code from} (document {@code index}) into {@code to}, cleared first; returns its
     * format ({@link DocumentSealer#FORMAT}, or {@link DocumentSealer#PERSONAL} when personal fields are sealed within).
     *
     * @throws RefusedDocument when they are not a document sealed with a key version held here, or fail authentication
     */
    byte open(Bytes<?> from, Bytes<?> to, long index) {
        int length = Math.toIntExact(from.readRemaining());
        if (length < OVERHEAD)
            throw refused(index, "not an encrypted document (" + length + " bytes)");
        from.read(header, 0, HEADER);
        if (header[0] != FORMAT && header[0] != PERSONAL)
            throw refused(index, "not an encrypted document (format byte 0x" + Integer.toHexString(header[0] & 0xFF)
                    + ")");
        int version = Ciphers.getInt(header, 1);
        SecretKey key = keys.version(version);
        if (key == null)
            throw refused(index, "key '" + keys.keyName() + "' version " + version + " is not held here");
        from.read(nonce, 0, NONCE);
        int sealedLength = length - HEADER - NONCE;
        if (sealed.length < sealedLength) {
            sealed = new byte[Math.max(sealedLength, sealed.length * 2)];
            plain = new byte[sealed.length];
        }
        from.read(sealed, 0, sealedLength);
        int n;
        try {
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            n = cipher.doFinal(sealed, 0, sealedLength, plain, 0);
        } catch (AEADBadTagException e) {
            throw refused(index, "authentication failed with key '" + keys.keyName() + "' version " + version
                    + " (changed on disk, or sealed with another key of that name)");
        } catch (GeneralSecurityException e) {
            throw refused(index, "key '" + keys.keyName() + "' version " + version + ": " + e);
        }
        to.clear();
        to.write(plain, 0, n);
        return header[0];
    }

    private RefusedDocument refused(long index, String why) {
        return new RefusedDocument(keys.queue(), index, why);
    }
}
