package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.fixtures.Cli;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.TestKeyStore;
import io.celerity.host.ServiceHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** send, dump, tail's reader and status on encrypted queues, with the deployment's keys; without them, nothing. */
class EncryptedQueueToolsTest {

    private static final String YAML = """
            keys:
              store: keys.p12
              passwordFile: keys.p12.password
            queues:
              notes:   { path: notes, encryptionKey: orders }
              answers: { path: answers, encryptionKey: orders }
              errors:  { path: errors, encryptionKey: orders }
            services:
              recorder:
                implClass: io.celerity.fixtures.Recorder
                inputs: [ notes ]
                output: answers
                errors: errors
            """;

    @TempDir
    Path dir;

    @Test
    void sendDumpAndStatusReadAndWriteEncryptedQueuesWithTheDeploymentsKeys() throws Exception {
        new TestKeyStore(dir.resolve("keys.p12")).add("orders", 1);
        Path yaml = Files.writeString(dir.resolve("services.yaml"), YAML);
        Path events = Files.writeString(dir.resolve("events.yaml"), """
                note: { text: secret-hello }
                ...
                note: { text: boom }
                ...
                """);
        Cli.Result sent = Cli.run("send", "notes", "--config", yaml.toString(), events.toString());
        assertEquals(0, sent.status(), sent.err());
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml))) {
            Queues.await("both inputs", Duration.ofSeconds(20), () -> host.stats("recorder").inputs() == 2);
        }

        Cli.Result dump = Cli.run("dump", "answers", "--config", yaml.toString());
        assertEquals(0, dump.status(), dump.err());
        assertTrue(dump.out().contains("text: \"recorder:secret-hello\""), dump.out());
        Cli.Result errors = Cli.run("dump", "errors", "--config", yaml.toString());
        assertTrue(errors.out().contains("boom as asked"), errors.out());

        Cli.Result status = Cli.run("status", yaml.toString());
        assertEquals(0, status.status(), status.err());
        assertTrue(status.out().matches("(?s).*\nrecorder +stopped +2 +[12] +1 .*"), status.out());

        Cli.Result raw = Cli.run("dump", dir.resolve("answers").toString());
        assertFalse(raw.out().contains("secret-hello"), "the directory alone, without the keys: " + raw.out());
    }

    private static final String CLIENTS = """
            keys:
              store: keys.p12
              passwordFile: keys.p12.password
              subjects: subject-keys
            queues:
              orders:       { path: orders, encryptionKey: orders }
              booked:       { path: booked, encryptionKey: orders }
              subject-keys: { path: subject-keys, encryptionKey: orders }
            services:
              book:
                implClass: io.celerity.fixtures.ClientBook
                inputs: [ orders ]
                output: booked
            """;

    @Test
    void forgetDestroysASubjectsKeySoDumpShowsItsReplacementAndRecordsWhoForgot() throws Exception {
        new TestKeyStore(dir.resolve("keys.p12")).add("orders", 1);
        Path yaml = Files.writeString(dir.resolve("services.yaml"), CLIENTS);
        Path events = Files.writeString(dir.resolve("orders.yaml"), """
                order: { account: ACC-1, name: Alice Example, quantity: 3 }
                ...
                order: { account: ACC-2, name: Bob Example, quantity: 4 }
                ...
                """);
        Cli.Result sent = Cli.run("send", "orders", "--config", yaml.toString(), events.toString());
        assertEquals(0, sent.status(), sent.err());
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml))) {
            Queues.await("both orders booked", Duration.ofSeconds(20), () -> host.stats("book").outputs() == 2);
        }
        assertTrue(Cli.run("dump", "booked", "--config", yaml.toString()).out().contains("Alice Example"));

        Cli.Result forgot = Cli.run("forget", "ACC-1", yaml.toString());
        assertEquals(0, forgot.status(), forgot.err());
        assertTrue(forgot.out().startsWith("forgot data subject 'ACC-1' (by "), forgot.out());
        assertTrue(forgot.out().contains(": 1 key(s) overwritten in queue 'subject-keys'"), forgot.out());

        String booked = Cli.run("dump", "booked", "--config", yaml.toString()).out();
        assertFalse(booked.contains("Alice Example"), booked);
        assertTrue(booked.contains("name: \"[forgotten]\"") && booked.contains("Bob Example"), booked);
        Cli.Result dumped = Cli.run("dump", "subject-keys", "--config", yaml.toString());
        String record = dumped.out();
        assertTrue(record.contains("refused: \"queue 'subject-keys', index 0x"), "the overwritten key: " + record);
        assertTrue(record.contains("record: forgotten") && record.contains("subject: ACC-1")
                && record.contains("by: " + System.getProperty("user.name") + "@"), record + dumped.err());
    }

    @Test
    void forgetWithoutASubjectsQueueSaysWhatIsMissing() throws Exception {
        new TestKeyStore(dir.resolve("keys.p12")).add("orders", 1);
        Path yaml = Files.writeString(dir.resolve("services.yaml"), YAML);
        Cli.Result forgot = Cli.run("forget", "ACC-1", yaml.toString());
        assertEquals(CelerityCli.USAGE_ERROR, forgot.status(), forgot.out());
        assertTrue(forgot.err().contains("expected keys.subjects naming an encrypted queue"), forgot.err());
    }
}
