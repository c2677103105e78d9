package io.celerity.internal.encryption;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.Wire;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A key per data subject, kept in the deployment's subjects queue (itself encrypted, and copied like any queue): a
 * {@code subjectKey} record per key made, a {@code forgotten} record (who, when) per subject forgotten. Forgetting
 * overwrites, in this host's copy of the queue, every key record of the subject with zeros, so no copy of any message
 * yields the subject's personal fields again; each host does so for its own copy when the record reaches it, and
 * again at every start (so a crash between the record and the overwrite is retried). Keys are looked up without a
 * lock; records are read and written under this object's.
 */
public final class SubjectKeys implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SubjectKeys.class);
    static final String KEY = "subjectKey";
    static final String FORGOTTEN = "forgotten";

    private final CipherQueue queue;
    private final boolean writesRecords; // this host writes the subjects queue: it makes keys and forgets
    private final Map<String, SecretKey> keys = new ConcurrentHashMap<>();
    private final Set<String> forgotten = ConcurrentHashMap.newKeySet();
    private final Map<String, List<Long>> recordsOf = new HashMap<>(); // the key records of each subject, by index
    private final ExcerptTailer tailer;
    private final StringBuilder record = new StringBuilder();
    private ExcerptAppender appender;
    private ScheduledExecutorService poller;

    SubjectKeys(CipherQueue queue, boolean writesRecords) {
        this.queue = queue;
        this.writesRecords = writesRecords;
        this.tailer = queue.createTailer();
        CipherQueue.onRefused(tailer, this::refused);
        poll(); // every forget so far applied to this copy before any key is used: retried at every start
    }

    /** Reads new records every {@code millis} on a thread of its own, so a forget written elsewhere reaches this host. */
    void pollEvery(long millis) {
        poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "celerity-subject-keys");
            t.setDaemon(true);
            return t;
        });
        poller.scheduleWithFixedDelay(this::pollQuietly, millis, millis, TimeUnit.MILLISECONDS);
    }

    /**
     * The key of {@code subject}, made and recorded when it is new; {@code null} once it was forgotten: forgetting is
     * final, so a value a service still holds in memory is never sealed again under a key that could be read.
     */
    SecretKey keyFor(String subject) {
        SecretKey key = keys.get(subject);
        return key != null || forgotten.contains(subject) ? key : make(subject);
    }

    /**
     * The key of {@code subject}, or {@code null} when it was forgotten.
     *
     * @throws SubjectKeyNotHere when there is none yet and the subject was never forgotten here: on a copy, the subjects
     *                           queue may trail the queue whose message names it (the key was recorded first, where
     *                           the message was written), so the message is to be read again later
     */
    SecretKey find(String subject) {
        SecretKey key = keys.get(subject);
        if (key == null && !forgotten.contains(subject)) {
            synchronized (this) {
                poll(); // it may have been made a moment ago, or copied here
            }
            key = keys.get(subject);
            if (key == null && !forgotten.contains(subject))
                throw new SubjectKeyNotHere(subject, queue.name());
        }
        return key;
    }

    private synchronized SecretKey make(String subject) {
        poll();
        SecretKey key = keys.get(subject);
        if (key != null || forgotten.contains(subject))
            return key;
        if (!writesRecords)
            throw new IllegalStateException("data subject '" + subject + "' has no key yet, and keys are made on the "
                    + "host that writes queue '" + queue.name() + "'");
        byte[] made = Ciphers.newAesKey().getEncoded();
        write(wire -> wire.write("record").text(KEY).write("subject").text(subject).write("key").bytes(made)
                .write("at").int64(System.currentTimeMillis()));
        poll();
        return keys.get(subject);
    }

    /**
     * Forgets {@code subject}: records who and when, then overwrites its keys in this host's copy.
     *
     * @return how many of its keys this copy held
     */
    public synchronized int forget(String subject, String by) {
        if (!writesRecords)
            throw new IllegalStateException("subjects are forgotten on the host that writes queue '" + queue.name()
                    + "'; the others follow as its record reaches them");
        poll();
        int held = recordsOf.getOrDefault(subject, List.of()).size();
        write(wire -> wire.write("record").text(FORGOTTEN).write("subject").text(subject).write("by").text(by)
                .write("at").int64(System.currentTimeMillis()));
        poll();
        return held;
    }

    private void write(java.util.function.Consumer<Wire> record) {
        if (appender == null)
            appender = queue.createAppender();
        appender.singleThreadedCheckReset(); // under the lock, from whichever thread holds it
        try (DocumentContext dc = appender.writingDocument()) {
            record.accept(dc.wire());
        }
    }

    // An overwritten record is a forgotten key; anything else refused is a fault to see (a lost key version).
    private void refused(RefusedDocument e) {
        if (!e.getMessage().contains("format byte 0x0"))
            LOG.warn("subject keys: {}", e.getMessage());
    }

    private void pollQuietly() {
        try {
            synchronized (this) {
                poll();
            }
        } catch (RuntimeException e) {
            LOG.warn("subject keys of queue '{}': {}", queue.name(), e.toString());
        }
    }

    // Applies every record not read yet, in order. Under the lock, from whichever thread holds it.
    private void poll() {
        tailer.singleThreadedCheckReset();
        while (true) {
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent())
                    return;
                apply(dc.wire(), dc.index());
            }
        }
    }

    private void apply(Wire wire, long index) {
        wire.read("record").text(record);
        String subject = wire.read("subject").text();
        if (KEY.contentEquals(record)) {
            if (forgotten.contains(subject)) { // made by a writer that had not read the forget yet
                overwrite(index);
                return;
            }
            // Two writers may race to make a subject's first key: the first record stays its key.
            keys.putIfAbsent(subject, new SecretKeySpec(wire.read("key").bytes(), "AES"));
            recordsOf.computeIfAbsent(subject, s -> new ArrayList<>()).add(index);
        } else if (FORGOTTEN.contentEquals(record)) {
            keys.remove(subject);
            forgotten.add(subject);
            List<Long> records = recordsOf.remove(subject);
            if (records != null)
                records.forEach(this::overwrite);
            LOG.info("data subject '{}' forgotten by {}: {} key record(s) overwritten in this copy of '{}'", subject,
                    wire.read("by").text(), records == null ? 0 : records.size(), queue.name());
        }
    }

    // Zeros the sealed record at index in this host's file: its key can no longer be read from any copy here.
    private void overwrite(long index) {
        try (ExcerptTailer stored = queue.stored().createTailer()) {
            if (!stored.moveToIndex(index))
                return;
            try (DocumentContext dc = stored.readingDocument()) {
                Bytes<?> bytes = dc.wire().bytes();
                for (long p = bytes.readPosition(); p < bytes.readLimit(); p++)
                    bytes.writeByte(p, (byte) 0);
            }
        }
    }


    /** Who is forgetting, for the record: the OS user and this machine's name. */
    public static String operator() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            host = "unknown-host";
        }
        return System.getProperty("user.name") + "@" + host;
    }

    @Override
    public void close() {
        if (poller != null) { // outside the lock, which a poll may be waiting for
            poller.shutdownNow();
            try {
                poller.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            Closeable.closeQuietly(appender, tailer);
        }
    }
}
