package io.celerity.cli;

import io.celerity.fixtures.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code celerity status} shows each FIX session of a deployment's gateways from the status file its gateway writes. */
class FixStatusTest {

    @TempDir
    Path dir;

    private Path deployment() throws IOException {
        return Files.writeString(dir.resolve("services.yaml"), """
                queues:
                  orders: { path: orders }
                  acks:   { path: acks }
                services:
                  desk: { implClass: com.example.Desk, inputs: [ orders ], output: acks }
                fix:
                  client-gateway:
                    stateDir: fix-state
                    acceptor: { port: 9880 }
                    dictionary: com.example.codecs.FixDictionaryImpl
                    inbound:  { queue: orders, mapper: com.example.OrdersFromFix }
                    outbound: { queue: acks, mapper: com.example.AcksToFix }
                    sessions:
                      CLIENT1: { senderCompId: CELERITY, targetCompId: CLIENT1, sourceId: 901 }
                """);
    }

    @Test
    void eachSessionIsShownWithItsGatewaysRoleSequenceNumbersAndCounters() throws IOException {
        Path yaml = deployment();
        Files.createDirectories(dir.resolve("fix-state"));
        Files.writeString(dir.resolve("fix-state/status.yaml"), """
                gateway: client-gateway
                role: primary
                state: running
                pid: %d
                updatedMillis: %d
                port: 9880
                sessions: {
                  CLIENT1: { state: ACTIVE, lastReceivedSeqNum: 1503, lastSentSeqNum: 1498, received: 1500, sent: 1496,
                    duplicatesDropped: 3, rejected: 2, lastReceivedMillis: %d }
                }
                """.formatted(ProcessHandle.current().pid(), System.currentTimeMillis(), System.currentTimeMillis()));
        Cli.Result status = Cli.run("status", yaml.toString());
        assertEquals(0, status.status(), status.err());
        String row = status.out().lines().filter(l -> l.startsWith("client-gateway")).findFirst().orElseThrow(
                () -> new AssertionError("no session row in:\n" + status.out()));
        assertTrue(row.matches("client-gateway\\s+primary\\s+CLIENT1\\s+ACTIVE\\s+1503\\s+1498\\s+1,500\\s+1,496\\s+2\\s+\\d+\\.\\d+ s ago"),
                row);
    }

    @Test
    void aGatewayThatNeverRanSaysSo() throws IOException {
        Cli.Result status = Cli.run("status", deployment().toString());
        assertTrue(status.out().contains("(no gateway has written its status yet)"), status.out());
    }
}
