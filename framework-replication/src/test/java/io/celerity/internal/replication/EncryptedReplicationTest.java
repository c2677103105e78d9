package io.celerity.internal.replication;

import io.celerity.fixtures.TestKeyStore;
import io.celerity.fixtures.TickEcho;
import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static io.celerity.internal.replication.HostRuns.awaitDocuments;
import static io.celerity.internal.replication.HostRuns.documents;
import static io.celerity.internal.replication.HostRuns.start;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Encrypted queues copied between two hosts, each its own process: the copies are the sealed documents byte for
 * byte, and a host that only holds a copy of a queue needs no key for it (host a has none for b's answers).
 */
class EncryptedReplicationTest {

    private static final int TICKS = 5_000;

    @TempDir
    Path dir;

    @Test
    void copiesHoldTheSealedDocumentsByteForByteAndAHostHoldingOnlyACopyNeedsNoKey() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b")) {
            Path a = deploy(hosts, "a");
            Path b = deploy(hosts, "b");
            TestKeyStore bKeys = new TestKeyStore(b.resolve("keys.p12")).add("ticks", 1).add("answers", 1);
            TestKeyStore aKeys = new TestKeyStore(a.resolve("keys.p12"));
            Files.copy(bKeys.file(), aKeys.file(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            removeKey(aKeys.file(), "answers.1"); // a writes ticks, and only holds a copy of the answers
            HostProcess hostB = start(hosts.host("b"), b);
            HostProcess hostA = start(hosts.host("a"), a);
            awaitDocuments(a.resolve("q/out"), TICKS);
            hostA.kill9(); // both stop writing before the copies are compared
            hostB.kill9();
            assertExact(a.resolve("q/ticks"), b.resolve("q/ticks"));
            assertExact(b.resolve("q/out"), a.resolve("q/out"));
            assertEquals(TICKS, documents(a.resolve("q/out")), "each tick answered once, the answers all copied back");
            for (Path host : new Path[]{a, b}) { // in the clear, every document names its event
                assertFalse(filesHold(host.resolve("q/ticks"), "tick"), "an input's event in the clear on " + host);
                assertFalse(filesHold(host.resolve("q/out"), "echoed"), "an answer's event in the clear on " + host);
            }
        }
    }

    private static void removeKey(Path store, String alias) throws Exception {
        java.security.KeyStore ks = java.security.KeyStore.getInstance("PKCS12");
        char[] password = TestKeyStore.PASSWORD.toCharArray();
        try (var in = Files.newInputStream(store)) {
            ks.load(in, password);
        }
        ks.deleteEntry(alias);
        try (var out = Files.newOutputStream(store)) {
            ks.store(out, password);
        }
    }

    private static boolean filesHold(Path queues, String text) throws IOException {
        Bytes<?> wanted = Bytes.wrapForRead(text.getBytes(StandardCharsets.UTF_8));
        try (Stream<Path> files = Files.walk(queues)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".cq4")).toList())
                if (Bytes.wrapForRead(Files.readAllBytes(f)).indexOf(wanted) >= 0)
                    return true;
        }
        return false;
    }

    /** The same services.yaml in the host's own directory: its queues and its key store are its own files. */
    private Path deploy(Hosts hosts, String name) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name));
        String yaml = "hosts:\n"
                + "  a: { address: " + hosts.host("a").address() + ", port: 40121 }\n"
                + "  b: { address: " + hosts.host("b").address() + ", port: 40122 }\n"
                + "keys: { store: keys.p12, passwordFile: keys.p12.password }\n"
                + "queues:\n"
                + "  ticks: { path: q/ticks, host: a, replicas: [ b ], encryptionKey: ticks }\n"
                + "  out: { path: q/out, host: b, replicas: [ a ], encryptionKey: answers }\n"
                + "services:\n  echo:\n    implClass: " + TickEcho.class.getName()
                + "\n    inputs: [ ticks ]\n    output: out\n"
                + "agents:\n  source:\n    implClass: " + PacedTickSource.class.getName()
                + "\n    output: ticks\n    settings: { count: " + TICKS + ", perSecond: 5000 }\n";
        Files.writeString(home.resolve("services.yaml"), yaml);
        return home;
    }

    private static void assertExact(Path source, Path replica) {
        QueueComparison.Result result = QueueComparison.compare(source, replica);
        assertTrue(result.same(), result.toString());
    }
}
