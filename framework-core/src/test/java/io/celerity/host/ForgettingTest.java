package io.celerity.host;

import io.celerity.api.FailedInput;
import io.celerity.api.FailedInputs;
import io.celerity.config.CelerityConfig;
import io.celerity.config.ConfigException;
import io.celerity.config.KeysConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.SnapshotConfig;
import io.celerity.config.StateRebuild;
import io.celerity.fixtures.ClientBook;
import io.celerity.fixtures.ClientIn;
import io.celerity.fixtures.ClientOrder;
import io.celerity.fixtures.ClientQueues;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Recorder;
import io.celerity.fixtures.TestKeyStore;
import io.celerity.internal.encryption.QueueEncryption;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Forgetting a data subject: its personal fields read as their replacement in every queue (input, output, snapshot),
 * its key record is overwritten on disk and the forget recorded, and a restart still rebuilds the rest of the state.
 */
class ForgettingTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private CelerityConfig config;

    @BeforeEach
    void deploy() {
        TestKeyStore keys = new TestKeyStore(dir.resolve("keys.p12")).add("orders", 1);
        config = CelerityConfig.builder()
                .keys(new KeysConfig(keys.file(), null, keys.passwordFile(), null, "subject-keys"))
                .queue(encrypted("orders"))
                .queue(encrypted("booked"))
                .queue(encrypted("snapshots"))
                .queue(encrypted("subject-keys"))
                .service(ServiceConfig.of("book", ClientBook.class, List.of("orders"), "booked")
                        .withRebuild(StateRebuild.REPLAY_INPUTS)
                        .withSnapshot(new SnapshotConfig("snapshots", "writeAccounts", 2, null)))
                .build();
    }

    private QueueConfig encrypted(String name) {
        return QueueConfig.of(name, dir.resolve(name)).withEncryptionKey("orders");
    }

    private void send(Consumer<ClientIn> orders) {
        ClientQueues.send(config, orders);
    }

    private List<String> booked() {
        return ClientQueues.booked(config, "booked");
    }

    private List<String> ordersSent() {
        List<String> out = new ArrayList<>();
        readAll("orders", new ClientIn() {
            @Override
            public void order(ClientOrder order) {
                out.add(order.account + " " + order.name);
            }

            @Override
            public void report(ClientOrder account) {
            }
        });
        return out;
    }

    private void readAll(String queue, Object handler) {
        ClientQueues.readAll(config, queue, handler);
    }

    // What a crash right after the record leaves: the forget written, the key not yet overwritten.
    private void writeForgetRecordOnly(String subject) {
        try (ChronicleQueue keys = new QueueEncryption(config).open(config.queues().get("subject-keys"), false);
             ExcerptAppender appender = keys.createAppender();
             DocumentContext dc = appender.writingDocument()) {
            dc.wire().write("record").text("forgotten").write("subject").text(subject).write("by").text("crashed")
                    .write("at").int64(System.currentTimeMillis());
        }
    }

    private int zeroedDocuments(String queue) {
        return ClientQueues.zeroedDocuments(config, queue);
    }

    @Test
    void aForgottenSubjectsFieldsReadAsTheirReplacementEverywhereAndARestartRebuildsTheRest() {
        send(in -> {
            ClientOrder o = new ClientOrder();
            in.order(o.set("ACC-1", "Alice Example", 10));
            in.order(o.set("ACC-2", "Bob Example", 5));
            in.order(o.set("ACC-1", "Alice Example", 7));
        });
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("3 orders booked", WAIT, () -> host.stats("book").outputs() == 3);
        }
        assertEquals(List.of("ACC-1 Alice Example 10", "ACC-2 Bob Example 5", "ACC-1 Alice Example 7"), booked());

        int destroyed;
        try (QueueEncryption encryption = new QueueEncryption(config)) {
            destroyed = encryption.subjectKeys().forget("ACC-1", "ForgettingTest");
        }
        assertEquals(1, destroyed, "ACC-1's one key");

        assertEquals(List.of("ACC-1 [forgotten] 10", "ACC-2 Bob Example 5", "ACC-1 [forgotten] 7"), booked());
        assertEquals(List.of("ACC-1 [forgotten]", "ACC-2 Bob Example", "ACC-1 [forgotten]"), ordersSent());
        List<String> snapshots = ClientQueues.snapshotted(config);
        assertTrue(snapshots.contains("ACC-1 [forgotten] 10") && snapshots.contains("ACC-2 Bob Example 5"),
                "the snapshot after the 2nd order: " + snapshots);
        assertEquals(1, zeroedDocuments("subject-keys"), "ACC-1's key record overwritten in the file");

        send(in -> {
            ClientOrder o = new ClientOrder();
            in.report(o.set("ACC-1", null, 0));
            in.report(o.set("ACC-2", null, 0));
        });
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("both reports answered", WAIT, () -> host.stats("book").outputs() == 2);
        }
        List<String> all = booked();
        assertEquals(List.of("total ACC-1 [forgotten] 17", "total ACC-2 Bob Example 5"), all.subList(3, 5),
                "the state rebuilt from the snapshot and the input after it: " + all);
    }

    @Test
    void forgettingIsFinalPersonalFieldsWrittenForTheSubjectAfterwardsAreNotKept() {
        send(in -> in.order(new ClientOrder().set("ACC-1", "Alice Example", 1)));
        try (QueueEncryption encryption = new QueueEncryption(config)) {
            encryption.subjectKeys().forget("ACC-1", "ForgettingTest");
        }
        // e.g. a service that still holds the name in memory writes it again: no new key, the replacement is written
        send(in -> in.order(new ClientOrder().set("ACC-1", "Alice Example", 2)));
        send(in -> in.order(new ClientOrder().set("ACC-3", "Carol Example", 3)));
        assertEquals(List.of("ACC-1 [forgotten]", "ACC-1 [forgotten]", "ACC-3 Carol Example"), ordersSent());
    }

    @Test
    void aForgetRecordedButNotAppliedBeforeACrashIsAppliedAtTheNextStart() {
        send(in -> in.order(new ClientOrder().set("ACC-1", "Alice Example", 1)));
        writeForgetRecordOnly("ACC-1");
        assertEquals(0, zeroedDocuments("subject-keys"));
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("the order booked", WAIT, () -> host.stats("book").outputs() == 1);
        }
        assertEquals(1, zeroedDocuments("subject-keys"), "the key overwritten as the host started");
        assertEquals(List.of("ACC-1 [forgotten] 1"), booked());
    }

    @Test
    void aHostWhoseServicesCarryNoPersonalDataStillAppliesForgetsToItsCopyOfTheKeys() {
        send(in -> in.order(new ClientOrder().set("ACC-1", "Alice Example", 1)));
        writeForgetRecordOnly("ACC-1");
        CelerityConfig notesOnly = CelerityConfig.builder().keys(config.keys())
                .queue(config.queues().get("subject-keys"))
                .queue("notes", dir.resolve("notes")).queue("out", dir.resolve("out"))
                .service(ServiceConfig.of("recorder", Recorder.class, List.of("notes"), "out"))
                .build();
        ServiceHost.start(notesOnly).close();
        assertEquals(1, zeroedDocuments("subject-keys"), "the key overwritten as the host started");
    }

    @Test
    void aMessageWhoseSubjectsKeyIsNotHereIsReadAgainNotReadAsForgottenAndTheHostStopsSayingSoIfItNeverComes() {
        // Written with a subjects queue the host does not read: to the host, as if the key were still on its way.
        CelerityConfig elsewhere = CelerityConfig.builder().keys(config.keys().withSubjects("other-keys"))
                .queue(config.queues().get("orders")).queue(config.queues().get("booked"))
                .queue(encrypted("subject-keys")).queue(encrypted("other-keys"))
                .service(ServiceConfig.of("book", ClientBook.class, List.of("orders"), "booked"))
                .build();
        ClientQueues.send(elsewhere, in -> in.order(new ClientOrder().set("ACC-9", "Ida Example", 1)));
        CelerityConfig impatient = CelerityConfig.builder().keys(config.keys())
                .writeFailureTimeout(Duration.ofSeconds(1))
                .queue(config.queues().get("orders")).queue(config.queues().get("booked"))
                .queue(config.queues().get("subject-keys"))
                .service(ServiceConfig.of("book", ClientBook.class, List.of("orders"), "booked"))
                .build();
        try (ServiceHost host = ServiceHost.start(impatient)) {
            Queues.await("the host to stop", WAIT, () -> host.stopReason().isPresent());
            assertTrue(host.stopReason().get().contains("data subject 'ACC-9' has no key in queue 'subject-keys'"),
                    host.stopReason().get());
            assertEquals(0, host.stats("book").inputs(), "the order was left where it is");
        }
        assertEquals(List.of(), booked(), "nothing written as forgotten");
    }

    @Test
    void theSubjectsQueueKeepsEveryCycle() {
        ConfigException e = assertThrows(ConfigException.class, () -> CelerityConfig.builder().keys(config.keys())
                .queue(config.queues().get("orders")).queue(config.queues().get("booked"))
                .queue(config.queues().get("subject-keys").withKeepCycles(3))
                .service(ServiceConfig.of("book", ClientBook.class, List.of("orders"), "booked"))
                .build());
        assertTrue(e.getMessage().contains("queue 'subject-keys', key 'keepCycles'"), e.getMessage());
    }

    @Test
    void aFailureReportKeepsThePersonalFieldsOfItsInputEncryptedWithTheSubjectsKey() {
        CelerityConfig withErrors = CelerityConfig.builder().keys(config.keys())
                .queue(config.queues().get("orders")).queue(config.queues().get("booked"))
                .queue(config.queues().get("subject-keys")).queue(encrypted("errors"))
                .service(ServiceConfig.of("book", ClientBook.class, List.of("orders"), "booked").withErrors("errors"))
                .build();
        config = withErrors;
        send(in -> in.order(new ClientOrder().set("ACC-1", "Alice Example", -1)));
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("the order refused", WAIT, () -> host.stats("book").handlerErrors() == 1);
        }
        List<String> inputs = new ArrayList<>();
        readAll("errors", new FailedInputs() {
            @Override
            public void handlerFailed(FailedInput failed) {
                inputs.add(failed.input().toString());
            }

            @Override
            public void badMessage(FailedInput failed) {
                inputs.add(failed.input().toString());
            }
        });
        assertEquals(1, inputs.size(), inputs.toString());
        assertTrue(inputs.get(0).contains("celerity-pd1:") && !inputs.get(0).contains("Alice Example"),
                "the report's copy of the input: " + inputs.get(0));
    }

    @Test
    void aServiceWritingPersonalDataToAQueueThatIsNotEncryptedIsRefused() {
        CelerityConfig plain = CelerityConfig.builder().keys(config.keys())
                .queue(config.queues().get("orders")).queue(QueueConfig.of("booked", dir.resolve("plain-booked")))
                .queue(config.queues().get("subject-keys"))
                .service(ServiceConfig.of("book", ClientBook.class, List.of("orders"), "booked"))
                .build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ServiceHost.start(plain).close());
        assertTrue(e.getMessage().matches("service 'book': event '(booked|total)' of ClientOut carries personal data "
                + "\\(ClientOrder\\), and queue 'booked' is not encrypted; .*"), e.getMessage());
    }

    @Test
    void aServiceWithPersonalDataAndNoSubjectsQueueIsRefused() {
        CelerityConfig noSubjects = CelerityConfig.builder()
                .keys(new KeysConfig(config.keys().store(), null, config.keys().passwordFile(), null))
                .queue(config.queues().get("orders")).queue(config.queues().get("booked"))
                .service(ServiceConfig.of("book", ClientBook.class, List.of("orders"), "booked"))
                .build();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ServiceHost.start(noSubjects).close());
        assertTrue(e.getMessage().endsWith("and no queue keeps the data subjects' keys; expected keys.subjects naming "
                + "an encrypted queue"), e.getMessage());
    }
}
