package io.celerity.internal.encryption;

import io.celerity.config.CelerityConfig;
import io.celerity.config.KeysConfig;
import io.celerity.config.QueueConfig;
import io.celerity.encryption.KeyProvider;
import io.celerity.encryption.KeyStoreKeys;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import net.openhft.chronicle.core.io.Closeable;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which of a deployment's queues are encrypted, and their keys: found through its key provider the first time a queue
 * needs them (a host holding only copies of a queue never asks). Thread-safe.
 */
public final class QueueEncryption implements AutoCloseable {

    private static final long SUBJECTS_POLL_MILLIS = 100;

    private final CelerityConfig config;
    private final boolean host; // a host's, rather than a tool's: it follows forgets made elsewhere as they come
    private final Map<String, CipherQueue> views = new ConcurrentHashMap<>();
    private KeyProvider provider;
    private SubjectKeys subjectKeys;
    private ChronicleQueue subjectsOpened; // opened for a tool, closed with it

    /** For a tool or test: it opens queues one by one ({@link #open}). */
    public QueueEncryption(CelerityConfig config) {
        this(config, false);
    }

    /** For a host ({@code host}) or a tool. */
    public QueueEncryption(CelerityConfig config, boolean host) {
        this.config = config;
        this.host = host;
    }

    /** Queue {@code q} as services and tools read and write it: {@code stored} itself, or sealing and opening it. */
    public ChronicleQueue view(QueueConfig q, SingleChronicleQueue stored) {
        return view(q, stored, () -> { });
    }

    private ChronicleQueue view(QueueConfig q, SingleChronicleQueue stored, Runnable onClose) {
        if (!q.encrypted())
            return stored;
        CipherQueue view = new CipherQueue(stored, q.name(), () -> keys(q), this::subjectKeys, onClose);
        views.put(q.name(), view);
        return view;
    }

    /**
     * Opens queue {@code q} as a tool or test outside a host does ({@code readOnly} for one that only reads), sealing
     * and opening its documents when it is encrypted; closing it releases what it opened besides (the data subjects'
     * keys).
     */
    public ChronicleQueue open(QueueConfig q, boolean readOnly) {
        return view(q, SingleChronicleQueueBuilder.binary(q.path()).readOnly(readOnly).build(), this::close);
    }

    /**
     * The keys of data subjects, from the queue {@code keys.subjects} names: read once, then followed.
     *
     * @throws IllegalStateException when the deployment names no such queue
     */
    public synchronized SubjectKeys subjectKeys() {
        if (subjectKeys != null)
            return subjectKeys;
        String name = config.keys() == null ? null : config.keys().subjects();
        if (name == null)
            throw new IllegalStateException("a message with personal data (@PersonalData), and no queue for the data "
                    + "subjects' keys; expected keys.subjects naming an encrypted queue");
        QueueConfig q = config.queues().get(name);
        CipherQueue queue = views.get(name);
        if (queue == null) { // a tool: the queue is opened for it, writable, to write and overwrite records
            subjectsOpened = view(q, SingleChronicleQueueBuilder.binary(q.path()).build(), () -> { });
            queue = (CipherQueue) subjectsOpened;
        }
        subjectKeys = new SubjectKeys(queue, writtenHere(q));
        if (host)
            subjectKeys.pollEvery(SUBJECTS_POLL_MILLIS);
        return subjectKeys;
    }

    // Keys are made and forgotten where the queue is written; copies follow. A tool that does not know its host, in a
    // deployment over several, may be on a copy: it makes none.
    private boolean writtenHere(QueueConfig q) {
        if (q.replication() == null)
            return true;
        return config.thisHost() != null && q.replication().source().equals(config.thisHost());
    }

    @Override
    public synchronized void close() {
        Closeable.closeQuietly(subjectKeys, subjectsOpened);
        subjectKeys = null;
        subjectsOpened = null;
    }

    /**
     * Checks that the keys of encrypted queue {@code q} are here.
     *
     * @throws IllegalStateException naming the queue and key, and why not
     */
    public void requireKeys(QueueConfig q) {
        if (q.encrypted())
            keys(q);
    }

    synchronized QueueKeys keys(QueueConfig q) {
        try {
            return new QueueKeys(q.name(), q.encryptionKey(), provider().versions(q.encryptionKey()));
        } catch (RuntimeException e) {
            throw new IllegalStateException(String.valueOf(e.getMessage()).startsWith("queue '") ? e.getMessage()
                    : "queue '" + q.name() + "' is encrypted with key '" + q.encryptionKey() + "': " + e.getMessage(),
                    e);
        }
    }

    private KeyProvider provider() {
        if (provider == null)
            provider = providerOf(config.keys());
        return provider;
    }

    private static KeyProvider providerOf(KeysConfig keys) {
        if (keys == null)
            throw new IllegalStateException("no keys configured (a top-level 'keys' section)");
        if (keys.provider() != null)
            return instance(keys.provider());
        return new KeyStoreKeys(keys.store(), password(keys));
    }

    private static char[] password(KeysConfig keys) {
        if (keys.passwordEnv() != null) {
            String password = System.getenv(keys.passwordEnv());
            if (password == null)
                throw new IllegalStateException("the key store's password variable " + keys.passwordEnv()
                        + " is not set");
            return password.toCharArray();
        }
        Path file = keys.passwordFile();
        try {
            return Files.readAllLines(file).stream().findFirst().orElse("").toCharArray();
        } catch (IOException e) {
            throw new IllegalStateException("the key store's password file '" + file + "' cannot be read: " + e, e);
        }
    }

    private static KeyProvider instance(String className) {
        try {
            Class<?> c = Class.forName(className, true, Thread.currentThread().getContextClassLoader());
            if (!KeyProvider.class.isAssignableFrom(c))
                throw new IllegalStateException("key provider " + className + " does not implement "
                        + KeyProvider.class.getName());
            return (KeyProvider) c.getConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalStateException("key provider " + className + " cannot be made: " + e, e);
        }
    }
}
