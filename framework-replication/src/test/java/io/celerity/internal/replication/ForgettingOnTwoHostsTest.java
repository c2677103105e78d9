package io.celerity.internal.replication;

import io.celerity.config.CelerityConfig;
import io.celerity.fixtures.ClientBook;
import io.celerity.fixtures.ClientOrder;
import io.celerity.fixtures.TestKeyStore;
import io.celerity.internal.encryption.QueueEncryption;
import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import static io.celerity.fixtures.ClientQueues.booked;
import static io.celerity.fixtures.ClientQueues.send;
import static io.celerity.fixtures.ClientQueues.snapshotted;
import static io.celerity.fixtures.ClientQueues.zeroedDocuments;
import static io.celerity.internal.replication.HostRuns.LIVENESS;
import static io.celerity.internal.replication.HostRuns.awaitDocuments;
import static io.celerity.internal.replication.HostRuns.start;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Forgetting a data subject over two hosts, each its own process: host a books clients' orders (with snapshots) and
 * keeps the subjects' keys, copied to host b, where a second book reads the copy of the orders. Once the subject is
 * forgotten on a, host b overwrites its copy of the key too; every copy on either host then reads the subject's name
 * as forgotten, a restarted book on a rebuilds its totals from its snapshot and inputs, and b's book, which still holds
 * the name in memory, writes the replacement.
 */
class ForgettingOnTwoHostsTest {

    @TempDir
    Path dir;

    @Test
    void aSubjectForgottenOnTheSourceIsForgottenInEveryCopyAndTheRestOfTheStateRebuilds() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b")) {
            Path a = deploy(hosts, "a");
            Path b = deploy(hosts, "b");
            TestKeyStore keys = new TestKeyStore(a.resolve("keys.p12")).add("orders", 1);
            Files.copy(keys.file(), b.resolve("keys.p12"), StandardCopyOption.REPLACE_EXISTING);
            Files.copy(keys.passwordFile(), b.resolve("keys.p12.password"), StandardCopyOption.REPLACE_EXISTING);
            CelerityConfig onA = CelerityConfig.loadWithoutComponents(a.resolve("services.yaml")).onHost("a");
            CelerityConfig onB = CelerityConfig.loadWithoutComponents(b.resolve("services.yaml")).onHost("b");

            HostProcess hostB = start(hosts.host("b"), b);
            HostProcess hostA = start(hosts.host("a"), a);
            send(onA, in -> {
                ClientOrder o = new ClientOrder();
                in.order(o.set("ACC-1", "Alice Example", 10));
                in.order(o.set("ACC-2", "Bob Example", 5));
                in.order(o.set("ACC-1", "Alice Example", 7));
            });
            awaitDocuments(b.resolve("q/booked-b"), 3);
            awaitDocuments(b.resolve("q/booked"), 3);
            assertEquals(List.of("ACC-1 Alice Example 10", "ACC-2 Bob Example 5", "ACC-1 Alice Example 7"),
                    booked(onB, "booked-b"), "host b read the copy of the orders with the copy of the keys");

            try (QueueEncryption encryption = new QueueEncryption(onA)) {
                assertEquals(1, encryption.subjectKeys().forget("ACC-1", "ForgettingOnTwoHostsTest"));
            }
            awaitOverwritten(b.resolve("q/subject-keys"), onB); // by host b's process, as the record reached it
            assertTrue(QueueComparison.compare(a.resolve("q/subject-keys"), b.resolve("q/subject-keys")).same(),
                    "the copies of the subjects' keys are the same bytes again");

            hostA.kill9();
            hostA = start(hosts.host("a"), a); // rebuilds from its snapshot and the inputs after it
            send(onA, in -> in.report(new ClientOrder().set("ACC-1", null, 0)));
            awaitDocuments(b.resolve("q/booked"), 4);
            awaitDocuments(b.resolve("q/booked-b"), 4);
            hostA.kill9();
            hostB.kill9();

            for (CelerityConfig host : List.of(onA, onB)) {
                List<String> booked = booked(host, "booked");
                assertEquals(List.of("ACC-1 [forgotten] 10", "ACC-2 Bob Example 5", "ACC-1 [forgotten] 7",
                        "total ACC-1 [forgotten] 17"), booked, "on host " + host.thisHost());
                List<String> snapshots = snapshotted(host);
                assertTrue(snapshots.contains("ACC-1 [forgotten] 10") && snapshots.contains("ACC-2 Bob Example 5"),
                        "the snapshot on host " + host.thisHost() + ": " + snapshots);
            }
            // host b's book, never restarted, still holds the name in memory: it writes the replacement all the same
            assertEquals(List.of("ACC-1 [forgotten] 10", "ACC-2 Bob Example 5", "ACC-1 [forgotten] 7",
                    "total ACC-1 [forgotten] 17"), booked(onB, "booked-b"), "host b's own book");
        }
    }

    // Waits until one key record of the copy is all zeros on disk, without opening anything that would overwrite it.
    private static void awaitOverwritten(Path queue, CelerityConfig config) throws InterruptedException {
        long deadline = System.nanoTime() + LIVENESS.toNanos();
        while (zeroedDocuments(config, "subject-keys") < 1) {
            if (System.nanoTime() > deadline)
                throw new AssertionError("host b did not overwrite its copy of the forgotten key in " + queue);
            Thread.sleep(100);
        }
    }

    /** The same services.yaml in the host's own directory: its queues and its key store are its own files. */
    private Path deploy(Hosts hosts, String name) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name));
        String copied = ", host: a, replicas: [ b ], encryptionKey: orders }\n";
        String yaml = "hosts:\n"
                + "  a: { address: " + hosts.host("a").address() + ", port: 40131 }\n"
                + "  b: { address: " + hosts.host("b").address() + ", port: 40132 }\n"
                + "keys: { store: keys.p12, passwordFile: keys.p12.password, subjects: subject-keys }\n"
                + "queues:\n"
                + "  orders: { path: q/orders" + copied
                + "  booked: { path: q/booked" + copied
                + "  snapshots: { path: q/snapshots" + copied
                + "  subject-keys: { path: q/subject-keys" + copied
                + "  booked-b: { path: q/booked-b, host: b, encryptionKey: orders }\n"
                + "services:\n"
                + "  book:\n    implClass: " + ClientBook.class.getName() + "\n    inputs: [ orders ]\n"
                + "    output: booked\n    rebuildState: REPLAY_INPUTS\n"
                + "    snapshot: { queue: snapshots, method: writeAccounts, everyInputs: 2 }\n"
                + "  book-b:\n    implClass: " + ClientBook.class.getName() + "\n    inputs: [ orders ]\n"
                + "    output: booked-b\n";
        Files.writeString(home.resolve("services.yaml"), yaml);
        return home;
    }
}
