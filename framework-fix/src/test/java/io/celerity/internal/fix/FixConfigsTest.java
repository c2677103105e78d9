package io.celerity.internal.fix;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ConfigException;
import io.celerity.fixtest.DeskDeployment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code fix:} section is read as the rest of services.yaml is: a mistake names the file, line, entry and key. */
class FixConfigsTest {

    @TempDir
    Path dir;

    private String deployment() throws IOException {
        return Files.readString(DeskDeployment.write(dir.resolve("good"), 9880));
    }

    @Test
    void aValidGatewayIsRead() throws IOException {
        Path file = DeskDeployment.write(dir, 9880);
        FixGatewayConfig g = FixConfigs.of(CelerityConfig.load(file)).get(0);
        assertEquals("client-gateway", g.name());
        assertEquals(9880, g.port());
        assertEquals("orders", g.inboundQueue());
        assertEquals("acks", g.outboundQueue());
        assertEquals(dir.resolve("fix-state"), g.stateDir());
        assertEquals(List.of(new FixSessionConfig("CLIENT1", "CELERITY", "CLIENT1", 901)), g.sessions());
    }

    @Test
    void aPortOutOfRangeIsNamed() throws IOException {
        refused(deployment().replace("port: 9880", "port: 70000"), "fix gateway 'client-gateway'", "acceptor.port",
                "70000 is not a port");
    }

    @Test
    void anAcceptedSessionWithoutAnAcceptorIsNamed() throws IOException {
        refused(deployment().replaceAll("acceptor: \\{[^}]*}", ""), "fix gateway 'client-gateway'", "acceptor",
                "missing; expected where it accepts its sessions without connect:", "client-gateway");
    }

    @Test
    void anInitiatorNeedsNoAcceptorAndItsPortIsChecked() throws IOException {
        String initiating = deployment().replaceAll("acceptor: \\{[^}]*}", "").replace("sourceId: 901 }",
                "sourceId: 901, connect: { host: venue.example.com, port: 9878 } }");
        FixGatewayConfig g = FixConfigs.of(CelerityConfig.load(write(initiating))).get(0);
        assertEquals(new FixSessionConfig("CLIENT1", "CELERITY", "CLIENT1", 901, "venue.example.com", 9878),
                g.sessions().get(0));
        assertFalse(g.accepts());
        refused(initiating.replace("port: 9878", "port: 0"), "fix session 'CLIENT1'", "connect.port", "0 is not a port");
    }

    @Test
    void anUndeclaredQueueIsNamed() throws IOException {
        refused(deployment().replace("queue: acks", "queue: reports"), "fix gateway 'client-gateway'", "outbound.queue",
                "queue 'reports' is not declared");
    }

    @Test
    void aMapperNotOnTheClassPathIsNamed() throws IOException {
        refused(deployment().replace("mapper: io.celerity.fixtest.DeskToFix", "mapper: io.celerity.fixtest.DeskToFax"),
                "fix gateway 'client-gateway'", "outbound.mapper", "class 'io.celerity.fixtest.DeskToFax' not found");
    }

    @Test
    void anUnknownKeyIsNamed() throws IOException {
        refused(deployment().replace("errors: fix-errors", "errrors: fix-errors"), "fix gateway 'client-gateway'",
                "errrors", "unknown key");
    }

    @Test
    void aSessionWithoutItsCounterpartyIsNamed() throws IOException {
        refused(deployment().replace(", targetCompId: CLIENT1", ""), "fix session 'CLIENT1'", "targetCompId",
                "missing", "CLIENT1:");
    }

    @Test
    void aSourceIdTakenByAQueueIsNamed() throws IOException {
        String yaml = deployment().replace("orders:     { path: orders }", "orders:     { path: orders, sourceId: 901 }");
        refused(yaml, "fix session 'CLIENT1'", "sourceId", "taken by queue 'orders'");
    }

    @Test
    void withoutTheFixModuleTheSectionWouldBeAnUnknownKey() throws IOException {
        // The module claims its key: core's reader lists it among the keys it expects.
        ConfigException e = assertThrows(ConfigException.class, () -> CelerityConfig.load(write(deployment()
                .replace("fix:", "fixx:"))));
        assertTrue(e.getMessage().contains("fix"), e.getMessage());
        assertTrue(e.getMessage().contains("unknown key"), e.getMessage());
    }

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("services.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private void refused(String yaml, String entry, String key, String words) throws IOException {
        refused(yaml, entry, key, words, key.substring(key.lastIndexOf('.') + 1));
    }

    /** @param onLine what the named line holds: the key, or the entry's name when the key is missing */
    private void refused(String yaml, String entry, String key, String words, String onLine) throws IOException {
        Path file = write(yaml);
        ConfigException e = assertThrows(ConfigException.class, () -> CelerityConfig.load(file), yaml);
        assertEquals(entry, e.entry(), e.getMessage());
        assertEquals(key, e.key(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":" + e.line() + ": " + entry), e.getMessage());
        assertTrue(yaml.lines().toList().get(e.line() - 1).contains(onLine), "line " + e.line() + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(words), e.getMessage());
    }
}
