package io.celerity.internal.encryption;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.util.ObjectUtils;
import net.openhft.chronicle.wire.ValueIn;
import net.openhft.chronicle.wire.Wire;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Encrypts the personal fields of a document's messages with their subjects' keys before the document is sealed, and
 * decrypts them after it is opened; a field whose subject was forgotten reads as the replacement its class declares.
 * Everything else in the document (message history, other events) is copied as it is. The messages are decoded into
 * objects of this codec's, never the writer's. One thread.
 */
final class PersonalDataCodec {

    private static final Logger LOG = LoggerFactory.getLogger(PersonalDataCodec.class);
    static final String SEALED = "celerity-pd1:"; // marks a sealed field, so a field written in the clear is left alone
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int NONCE = 12;

    private final PersonalEvents events;
    private final Supplier<SubjectKeys> subjects;
    private final Map<Class<?>, Object> messages = new HashMap<>();
    private final StringBuilder name = new StringBuilder();
    private final Cipher cipher = Ciphers.aesGcm();
    private final byte[] nonce = new byte[NONCE];

    PersonalDataCodec(PersonalEvents events, Supplier<SubjectKeys> subjects) {
        this.events = events;
        this.subjects = subjects;
    }

    /** Writes {@code plain} into {@code out} with every personal field encrypted; false when it has none to. */
    boolean protect(Wire plain, Wire out) {
        return transform(plain, out, true);
    }

    /** Writes {@code sealed} into {@code out} with every personal field decrypted or, if forgotten, replaced. */
    boolean restore(Wire sealed, Wire out) {
        return transform(sealed, out, false);
    }

    private boolean transform(Wire from, Wire to, boolean protect) {
        if (events.isEmpty())
            return false;
        to.clear();
        Bytes<?> in = from.bytes();
        long begin = in.readPosition();
        boolean personal = false;
        try {
            while (from.isNotEmptyAfterPadding()) {
                long start = in.readPosition();
                ValueIn value = from.readEventName(name);
                PersonalFields fields = events.find(name);
                if (fields == null) {
                    value.skipValue();
                    to.bytes().write(in, start, in.readPosition() - start);
                    continue;
                }
                long valueStart = in.readPosition();
                Object message = value.object(messages.computeIfAbsent(fields.type(), ObjectUtils::newInstance),
                        fields.type());
                if (message == null || message.getClass() != fields.type()) { // null, or a subclass: as written
                    in.readPosition(valueStart);
                    from.getValueIn().skipValue();
                    to.bytes().write(in, start, in.readPosition() - start);
                    continue;
                }
                personal = true;
                to.bytes().write(in, start, valueStart - start); // the event's name, as written
                if (protect)
                    seal(fields, message);
                else
                    open(fields, message);
                to.getValueOut().object(fields.type(), message);
            }
            return personal;
        } finally {
            in.readPosition(begin);
        }
    }

    // A subject's key is looked up only for a message that holds a personal value: a query names no one's data.
    private void seal(PersonalFields fields, Object message) {
        String subject = fields.subjectOf(message);
        SecretKey key = null;
        for (int i = 0; i < fields.count(); i++) {
            String value = fields.get(message, i);
            if (value == null)
                continue;
            if (key == null && subject != null)
                key = subjects.get().keyFor(subject);
            // Without a subject, or once it is forgotten, there is no key: the value is not kept at all.
            fields.set(message, i, key == null ? fields.forgotten(i) : seal(key, value));
        }
    }

    private void open(PersonalFields fields, Object message) {
        String subject = fields.subjectOf(message);
        SecretKey key = null;
        for (int i = 0; i < fields.count(); i++) {
            String value = fields.get(message, i);
            if (value == null || !value.startsWith(SEALED))
                continue;
            if (key == null && subject != null)
                key = subjects.get().find(subject);
            String opened = key == null ? null : open(key, value);
            fields.set(message, i, opened == null ? fields.forgotten(i) : opened);
        }
    }

    private String seal(SecretKey key, String value) {
        try {
            RANDOM.nextBytes(nonce);
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce));
            byte[] sealed = cipher.doFinal(value.getBytes(StandardCharsets.UTF_8));
            byte[] all = new byte[NONCE + sealed.length];
            System.arraycopy(nonce, 0, all, 0, NONCE);
            System.arraycopy(sealed, 0, all, NONCE, sealed.length);
            return SEALED + Base64.getEncoder().encodeToString(all);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a personal field could not be encrypted: " + e, e);
        }
    }

    // Null when it does not authenticate with the subject's key (a key made after the subject was forgotten).
    private String open(SecretKey key, String value) {
        try {
            byte[] all = Base64.getDecoder().decode(value.substring(SEALED.length()));
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, all, 0, NONCE));
            return new String(cipher.doFinal(all, NONCE, all.length - NONCE), StandardCharsets.UTF_8);
        } catch (AEADBadTagException | IllegalArgumentException e) {
            return null;
        } catch (GeneralSecurityException e) {
            LOG.warn("a personal field could not be decrypted: {}", e.toString());
            return null;
        }
    }
}
