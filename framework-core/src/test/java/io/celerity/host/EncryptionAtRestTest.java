package io.celerity.host;

import io.celerity.api.FailedInput;
import io.celerity.api.FailedInputs;
import io.celerity.config.CelerityConfig;
import io.celerity.config.KeysConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.Note;
import io.celerity.fixtures.NoteIn;
import io.celerity.fixtures.NoteOut;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Recorder;
import io.celerity.fixtures.TestKeyStore;
import io.celerity.internal.encryption.QueueEncryption;
import io.celerity.internal.encryption.StoredQueue;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Queues encrypted at rest: what lies on disk, what a service reads and writes, restarts, tampering, rotation. */
class EncryptionAtRestTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String SECRET = "account-SECRET-4711";

    @TempDir
    Path dir;

    private TestKeyStore keys;

    @BeforeEach
    void keys() {
        keys = new TestKeyStore(dir.resolve("keys.p12")).add("orders", 1);
    }

    private CelerityConfig config(boolean encrypted) {
        return CelerityConfig.builder()
                .keys(new KeysConfig(keys.file(), null, keys.passwordFile(), null))
                .queue(queue("notes", encrypted))
                .queue(queue("out", encrypted))
                .queue(queue("errors", encrypted))
                .service(ServiceConfig.of("recorder", Recorder.class, List.of("notes"), "out").withErrors("errors"))
                .build();
    }

    private QueueConfig queue(String name, boolean encrypted) {
        QueueConfig q = QueueConfig.of(name, dir.resolve(name));
        return encrypted ? q.withEncryptionKey("orders") : q;
    }

    private void writeNotes(CelerityConfig config, String... texts) {
        try (ChronicleQueue q = new QueueEncryption(config).open(config.queues().get("notes"), false)) {
            NoteIn w = q.methodWriter(NoteIn.class);
            for (String t : texts)
                w.note(new Note().text(t));
        }
    }

    private List<String> notesOut(CelerityConfig config) {
        List<String> texts = new ArrayList<>();
        try (ChronicleQueue q = new QueueEncryption(config).open(config.queues().get("out"), true);
             ExcerptTailer t = q.createTailer()) {
            MethodReader reader = t.methodReader((NoteOut) n -> texts.add(n.text));
            while (reader.readOne()) {
                // every document
            }
        }
        return texts;
    }

    private List<FailedInput> errors(CelerityConfig config) {
        List<FailedInput> out = new ArrayList<>();
        try (ChronicleQueue q = new QueueEncryption(config).open(config.queues().get("errors"), true);
             ExcerptTailer t = q.createTailer()) {
            MethodReader reader = t.methodReader(new FailedInputs() {
                @Override
                public void handlerFailed(FailedInput failed) {
                    out.add(failed.deepCopy());
                }

                @Override
                public void badMessage(FailedInput failed) {
                    out.add(failed.deepCopy());
                }
            });
            while (reader.readOne()) {
                // every document
            }
        }
        return out;
    }

    private boolean filesHold(String text) throws IOException {
        byte[] wanted = text.getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".cq4")).toList())
                if (Bytes.wrapForRead(Files.readAllBytes(f)).indexOf(Bytes.wrapForRead(wanted)) >= 0)
                    return true;
        }
        return false;
    }

    @Test
    void noPlaintextOfAMessageLiesOnDiskAndTheServiceStillAnswersIt() throws IOException {
        CelerityConfig config = config(true);
        writeNotes(config, SECRET, "boom");
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("an answer and an error", WAIT, () -> host.stats("recorder").inputs() == 2);
        }
        assertEquals(List.of("recorder:" + SECRET), notesOut(config));
        List<FailedInput> errors = errors(config);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).input().toString().contains("boom"), "the failed input, opened: " + errors);
        assertFalse(filesHold(SECRET), "the input's text in the clear in a queue file");
        assertFalse(filesHold("boom as asked"), "the errors queue's text in the clear in a queue file");
        assertFalse(filesHold("recorder"), "the output's text or history in the clear in a queue file");
    }

    @Test
    void theSameRunUnencryptedLeavesThePlaintextThatTheCheckLooksFor() throws IOException {
        CelerityConfig config = config(false);
        writeNotes(config, SECRET);
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("an answer", WAIT, () -> host.stats("recorder").outputs() == 1);
        }
        assertTrue(filesHold(SECRET), "the check finds a message in the clear");
    }

    @Test
    void aRestartResumesAfterTheLastInputOfAnEncryptedQueue() {
        CelerityConfig config = config(true);
        writeNotes(config, "a", "b");
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("2 outputs", WAIT, () -> host.stats("recorder").outputs() == 2);
        }
        writeNotes(config, "c");
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("1 more input", WAIT, () -> host.stats("recorder").inputs() == 1);
            writeNotes(config, "sentinel");
            Queues.await("the sentinel answered", WAIT, () -> notesOut(config).contains("recorder:sentinel"));
            assertEquals(2, host.stats("recorder").inputs(), "only the new inputs are read");
        }
        assertEquals(List.of("recorder:a", "recorder:b", "recorder:c", "recorder:sentinel"), notesOut(config));
    }

    @Test
    void aDocumentChangedOnDiskIsRefusedReportedAndPassedOver() {
        CelerityConfig config = config(true);
        writeNotes(config, "a", "b", "c");
        long tampered = flipAByteOfDocument(config, 1);
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("the two sound inputs answered", WAIT, () -> host.stats("recorder").outputs() == 2);
            assertEquals(1, host.stats("recorder").badMessages());
        }
        assertEquals(List.of("recorder:a", "recorder:c"), notesOut(config));
        List<FailedInput> errors = errors(config);
        assertEquals(1, errors.size(), errors.toString());
        assertEquals(tampered, errors.get(0).index());
        assertEquals("notes", errors.get(0).queue());
        assertTrue(errors.get(0).reason().contains("authentication failed with key 'orders' version 1"),
                errors.get(0).reason());
        assertEquals(0, errors.get(0).input().readRemaining(), "nothing of a refused document is reported");
    }

    // Flips one bit of the ciphertext of the n-th document of 'notes', in the mapped file; returns its index.
    private long flipAByteOfDocument(CelerityConfig config, int n) {
        try (ChronicleQueue q = new QueueEncryption(config).open(config.queues().get("notes"), false);
             ExcerptTailer t = StoredQueue.of(q).createTailer()) {
            for (int i = 0; i < n; i++)
                try (DocumentContext dc = t.readingDocument()) {
                    assertTrue(dc.isPresent());
                }
            try (DocumentContext dc = t.readingDocument()) {
                Bytes<?> bytes = dc.wire().bytes();
                long at = bytes.readPosition() + 20; // past the header and nonce
                bytes.writeByte(at, (byte) (bytes.readByte(at) ^ 1));
                return dc.index();
            }
        }
    }

    @Test
    void aRotatedKeyReadsOldAndNewDocumentsAndSealsWithTheNewest() {
        CelerityConfig config = config(true);
        writeNotes(config, "before");
        keys.add("orders", 2);
        writeNotes(config, "after");
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("both answered", WAIT, () -> host.stats("recorder").outputs() == 2);
        }
        assertEquals(List.of("recorder:before", "recorder:after"), notesOut(config));
        assertEquals(List.of(1, 2), keyVersions(config, "notes"));
        assertEquals(List.of(2, 2), keyVersions(config, "out"));
    }

    // The key version each document of a queue was sealed with, as it lies on disk.
    private List<Integer> keyVersions(CelerityConfig config, String queue) {
        List<Integer> versions = new ArrayList<>();
        try (ChronicleQueue q = new QueueEncryption(config).open(config.queues().get(queue), true);
             ExcerptTailer t = StoredQueue.of(q).createTailer()) {
            while (true) {
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent())
                        return versions;
                    Bytes<?> bytes = dc.wire().bytes();
                    assertEquals('G', bytes.readByte(bytes.readPosition()));
                    versions.add(bytes.readInt(bytes.readPosition() + 1));
                }
            }
        }
    }

    @Test
    void anEncryptedOutputSyncedAfterEveryDocumentIsWrittenAndRead() {
        CelerityConfig synced = CelerityConfig.builder()
                .keys(new KeysConfig(keys.file(), null, keys.passwordFile(), null))
                .queue(queue("notes", true))
                .queue(queue("out", true).withSync(io.celerity.config.SyncPolicy.SYNC))
                .service(ServiceConfig.of("recorder", Recorder.class, List.of("notes"), "out"))
                .build();
        writeNotes(synced, "a", "b");
        try (ServiceHost host = ServiceHost.start(synced)) {
            Queues.await("2 outputs, each synced", WAIT, () -> host.stats("recorder").syncs() == 2);
        }
        assertEquals(List.of("recorder:a", "recorder:b"), notesOut(synced));
    }

    @Test
    void aHostWithoutTheKeyOfAQueueItUsesRefusesToStartNamingIt() {
        CelerityConfig config = CelerityConfig.builder()
                .keys(new KeysConfig(keys.file(), null, keys.passwordFile(), null))
                .queue(QueueConfig.of("notes", dir.resolve("notes")).withEncryptionKey("nosuchkey"))
                .queue("out", dir.resolve("out"))
                .service(ServiceConfig.of("recorder", Recorder.class, List.of("notes"), "out"))
                .build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ServiceHost.start(config).close());
        assertTrue(e.getMessage().contains("queue 'notes' is encrypted with key 'nosuchkey'"), e.getMessage());
        assertTrue(e.getMessage().contains("no version"), e.getMessage());
    }

    @Test
    void aWrongKeyStorePasswordIsRefusedNamingTheStore() throws IOException {
        Files.writeString(keys.passwordFile(), "not-the-password-42\n");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ServiceHost.start(config(true)).close());
        assertTrue(e.getMessage().contains("keys.p12"), e.getMessage());
        assertFalse(e.getMessage().contains("not-the-password-42"), "the password is never shown: " + e.getMessage());
    }
}
