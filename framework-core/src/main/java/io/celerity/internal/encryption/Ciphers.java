package io.celerity.internal.encryption;

import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;

/** The JDK's AES-GCM and AES keys, and the little-endian ints of a sealed document's header and nonce. */
public final class Ciphers {

    private Ciphers() {
    }

    /** A fresh 256-bit AES key from the JDK's strong random source. */
    public static SecretKey newAesKey() {
        try {
            KeyGenerator generator = KeyGenerator.getInstance("AES");
            generator.init(256);
            return generator.generateKey();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no AES key generator", e);
        }
    }

    static Cipher aesGcm() {
        try {
            return Cipher.getInstance("AES/GCM/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM has no AES/GCM/NoPadding cipher", e);
        }
    }

    static void putInt(byte[] to, int at, int value) {
        for (int i = 0; i < 4; i++)
            to[at + i] = (byte) (value >>> (8 * i));
    }

    static int getInt(byte[] from, int at) {
        int value = 0;
        for (int i = 0; i < 4; i++)
            value |= (from[at + i] & 0xFF) << (8 * i);
        return value;
    }
}
