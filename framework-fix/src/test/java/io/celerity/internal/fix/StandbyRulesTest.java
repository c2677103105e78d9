package io.celerity.internal.fix;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ConfigException;
import io.celerity.config.HighlyAvailable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A gateway with a standby: read with its journal and placement, and each way it could not take over refused. */
class StandbyRulesTest {

    private static final String YAML = """
            hosts:
              a: { address: 127.0.0.1, port: 40601 }
              b: { address: 127.0.0.1, port: 40602 }
              c: { address: 127.0.0.1, port: 40603 }
            cluster: { members: [ a, b, c ], port: 40610 }
            queues:
              orders:     { path: orders, host: a, replicas: [ b, c ] }
              fix-sent:   { path: fix-sent, host: a, replicas: [ b ] }
              fix-errors: { path: fix-errors, host: a, replicas: [ b ] }
              acks:       { path: acks, host: c, replicas: [ a, b ] }
            services:
              desk:
                implClass: io.celerity.fixtest.Desk
                inputs: [ orders ]
                output: acks
            fix:
              client-gateway:
                stateDir: fix-state
                acceptor: { host: 0.0.0.0, port: 9880 }
                standby: b
                journal: fix-sent
                standbyAcceptor: { port: 9881 }
                dictionary: io.celerity.fixtest.codecs.FixDictionaryImpl
                inbound:  { queue: orders, mapper: io.celerity.fixtest.DeskFromFix }
                outbound: { queue: acks, mapper: io.celerity.fixtest.DeskToFix }
                errors: fix-errors
                sessions:
                  CLIENT1: { senderCompId: CELERITY, targetCompId: CLIENT1, sourceId: 901 }
            """;

    @TempDir
    Path dir;

    @Test
    void aGatewayWithAStandbyRunsOnItsTwoHostsAndTheStandbyAcceptsWhereItSays() throws IOException {
        CelerityConfig config = CelerityConfig.load(write(YAML));
        FixGatewayConfig g = FixConfigs.of(config).get(0);
        assertEquals(new FixGatewayConfig.Standby("b", "fix-sent", 1, "0.0.0.0", 9881), g.standby());
        assertEquals(List.of(new HighlyAvailable("client-gateway", "fix gateway", List.of("orders", "fix-sent",
                "fix-errors"), "b")), config.highlyAvailable());
        assertEquals(9880, FixConfigs.of(config.onHost("a")).get(0).on("a").port());
        assertEquals(9881, FixConfigs.of(config.onHost("b")).get(0).on("b").port());
        assertTrue(FixConfigs.of(config.onHost("c")).isEmpty(), "c only reads its copy of the orders");
        assertEquals(List.of(), config.onHost("c").highlyAvailable());
    }

    @Test
    void withoutAClusterNobodyDecidesWhoSends() throws IOException {
        refused(YAML.replace("cluster: { members: [ a, b, c ], port: 40610 }", ""), "standby", "no cluster");
    }

    @Test
    void theStandbyMustBeAnotherDeclaredHost() throws IOException {
        refused(YAML.replace("standby: b", "standby: d"), "standby", "unknown host 'd'");
        refused(YAML.replace("standby: b", "standby: a"), "standby", "is the primary");
    }

    @Test
    void theJournalIsRequiredAndCopiedToTheStandby() throws IOException {
        refused(YAML.replace("    journal: fix-sent\n", ""), "journal", "missing", "client-gateway:");
        refused(YAML.replace("fix-sent:   { path: fix-sent, host: a, replicas: [ b ] }",
                "fix-sent:   { path: fix-sent, host: a, replicas: [ c ] }"), "journal", "not copied to the standby 'b'");
        refused(YAML.replace("fix-sent:   { path: fix-sent, host: a, replicas: [ b ] }",
                "fix-sent:   { path: fix-sent, host: c, replicas: [ b ] }"), "journal", "not on the gateway's primary");
    }

    @Test
    void theOutboundQueueMustBeOnTheStandby() throws IOException {
        refused(YAML.replace("acks:       { path: acks, host: c, replicas: [ a, b ] }",
                "acks:       { path: acks, host: c, replicas: [ a ] }"), "outbound", "not on the standby 'b'",
                "outbound:");
    }

    @Test
    void sequenceNumbersMustOutliveALogon() throws IOException {
        refused(YAML.replace("    journal: fix-sent\n", "    journal: fix-sent\n    resetSeqNumOnLogon: true\n"),
                "resetSeqNumOnLogon", "dropping what was in flight");
    }

    @Test
    void noServiceReadsWhatTheGatewayWritesOnEitherOfItsHosts() throws IOException {
        refused(YAML.replace("acks:       { path: acks, host: c, replicas: [ a, b ] }",
                "acks:       { path: acks, host: b, replicas: [ a ] }"), "inbound", "service 'desk' reads 'orders' on "
                + "host 'b'", "inbound:");
    }

    @Test
    void replicasBeforeSendCountsTheJournalsReplicas() throws IOException {
        refused(YAML.replace("    journal: fix-sent\n", "    journal: fix-sent\n    replicasBeforeSend: 2\n"),
                "replicasBeforeSend", "expected 0 (send at once) up to the 1 replicas");
    }

    @Test
    void theStandbysKeysNeedAStandby() throws IOException {
        refused(YAML.replace("    standby: b\n", ""), "journal", "only a gateway with a standby takes it");
    }

    private Path write(String yaml) throws IOException {
        return Files.writeString(dir.resolve("services.yaml"), yaml);
    }

    private void refused(String yaml, String key, String words) throws IOException {
        refused(yaml, key, words, key);
    }

    private void refused(String yaml, String key, String words, String onLine) throws IOException {
        Path file = write(yaml);
        ConfigException e = assertThrows(ConfigException.class, () -> CelerityConfig.load(file), yaml);
        assertEquals("fix gateway 'client-gateway'", e.entry(), e.getMessage());
        assertEquals(key, e.key(), e.getMessage());
        assertTrue(yaml.lines().toList().get(e.line() - 1).contains(onLine), "line " + e.line() + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(words), e.getMessage());
    }
}
