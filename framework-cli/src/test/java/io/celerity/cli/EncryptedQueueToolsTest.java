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
}
