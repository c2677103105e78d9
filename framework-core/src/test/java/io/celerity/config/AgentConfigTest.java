package io.celerity.config;

import io.celerity.fixtures.FailingAgent;
import io.celerity.fixtures.NotAnAgent;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code agents} section: read like services, and each mistake refused naming file, line, agent and key. */
class AgentConfigTest {

    @TempDir
    Path dir;

    private static final String QUEUES = "queues:\n  ticks: { path: q/ticks }\n  out: { path: q/out }\n";
    private static final String LOOPS = "eventLoops:\n  io: { pauser: YIELDING, affinity: 0 }\n";
    private static final String SERVICES = "services:\n  echo:\n    implClass: " + TickEcho.class.getName()
            + "\n    inputs: [ ticks ]\n    output: out\n";

    private static String agent(String body) {
        return "agents:\n  source:\n" + body;
    }

    private static String source(String extra) {
        return agent("    implClass: " + TickSource.class.getName() + "\n    output: ticks\n" + extra);
    }

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("services.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    /** Refused at the line holding the key (or the entry), naming the file, line, entry, key and what was expected. */
    private void rejected(String yaml, String entry, String key, String... words) throws IOException {
        Path file = write(yaml);
        ConfigException e = assertThrows(ConfigException.class, () -> CelerityConfig.load(file));
        assertEquals(entry, e.entry(), e.getMessage());
        assertEquals(key, e.key(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":" + e.line() + ": " + entry), e.getMessage());
        String atLine = yaml.lines().toList().get(e.line() - 1);
        String located = key == null ? entry.substring(entry.indexOf('\'') + 1, entry.lastIndexOf('\''))
                : key.substring(key.lastIndexOf('.') + 1);
        assertTrue(atLine.contains(located + ":") || atLine.contains("source:"),
                "line " + e.line() + " '" + atLine + "' does not hold: " + e.getMessage());
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + w + "' missing from: " + e.getMessage());
    }

    @Test
    void anAgentIsReadBesideServices() throws IOException {
        CelerityConfig c = CelerityConfig.load(write(QUEUES + LOOPS + SERVICES
                + source("    eventLoop: io\n    settings: { count: 5 }\n")));
        assertEquals(new AgentConfig("source", TickSource.class.getName(), "ticks", "io", Map.of("count", 5L)),
                c.agents().get("source"));
        assertEquals(Affinity.cpu(0), c.eventLoops().get("io").affinity());
    }

    @Test
    void anAgentWithoutALoopRunsOnTheDefaultLoop() throws IOException {
        CelerityConfig c = CelerityConfig.load(write(QUEUES + SERVICES.replace("echo:", "echo:\n    eventLoop: x")
                .replace("services:", "eventLoops:\n  x: { }\nservices:") + source("")));
        assertEquals(EventLoopConfig.DEFAULT_NAME, c.agents().get("source").eventLoop());
        assertTrue(c.eventLoops().containsKey(EventLoopConfig.DEFAULT_NAME), "the default loop exists for the agent");
    }

    @Test
    void anAgentCanRunInAProcessOfItsOwn() throws IOException {
        CelerityConfig whole = CelerityConfig.load(write(QUEUES + LOOPS + SERVICES + source("    eventLoop: io\n")));
        CelerityConfig agentOnly = whole.withOnlyServices(java.util.List.of("source"));
        assertEquals(java.util.Set.of("source"), agentOnly.agents().keySet());
        assertTrue(agentOnly.services().isEmpty());
        assertEquals(java.util.Set.of("ticks"), agentOnly.queues().keySet(), "only the agent's queue");
        assertEquals(java.util.Set.of("io"), agentOnly.eventLoops().keySet());
        CelerityConfig serviceOnly = whole.withOnlyServices(java.util.List.of("echo"));
        assertTrue(serviceOnly.agents().isEmpty());
    }

    @Test
    void mistakesAreRefusedNamingAgentAndKey() throws IOException {
        rejected(QUEUES + SERVICES + source("    eventLoop: io\n"), "agent 'source'", "eventLoop",
                "unknown event loop 'io'");
        rejected(QUEUES + SERVICES + agent("    implClass: " + TickSource.class.getName() + "\n    output: nowhere\n"),
                "agent 'source'", "output", "unknown queue 'nowhere'", "[ticks, out]");
        rejected(QUEUES + SERVICES + agent("    implClass: " + TickSource.class.getName() + "\n"),
                "agent 'source'", "output", "missing");
        rejected(QUEUES + SERVICES + agent("    implClass: " + FailingAgent.class.getName() + "\n    output: out\n"),
                "agent 'source'", "output", "written by service 'echo'", "only agents write");
        rejected(QUEUES + SERVICES + agent("    implClass: " + NotAnAgent.class.getName() + "\n    output: ticks\n"),
                "agent 'source'", "implClass", "does not implement org.agrona.concurrent.Agent");
        rejected(QUEUES + SERVICES + agent("    implClass: com.example.Missing\n    output: ticks\n"),
                "agent 'source'", "implClass", "class 'com.example.Missing' not found");
        rejected(QUEUES + SERVICES + agent("    implClass: " + FailingAgent.class.getName()
                + "\n    output: ticks\n    settings: { count: 1 }\n"), "agent 'source'", "settings",
                "no constructor", "takes a settings object");
        rejected(QUEUES + SERVICES + source("    settings: { count: many }\n"), "agent 'source'", "settings.count");
        rejected(QUEUES + SERVICES + source("    inputs: [ out ]\n"), "agent 'source'", "inputs",
                "unknown key", "[implClass, output, eventLoop, settings]");
        rejected(QUEUES + SERVICES + "agents:\n  echo:\n    implClass: " + TickSource.class.getName()
                + "\n    output: ticks\n", "agent 'echo'", null, "also a service's");
    }

    @Test
    void affinityIsTypedOnceAndABadOneIsRefused() throws IOException {
        assertEquals(Affinity.NONE, Affinity.parse("none"));
        assertEquals(Affinity.ANY, Affinity.parse("ANY"));
        assertEquals(Affinity.cpu(3), Affinity.parse("3"));
        assertEquals("3", Affinity.cpu(3).toString(), "written back as a user writes it");
        assertThrows(IllegalArgumentException.class, () -> new Affinity(Affinity.Kind.NONE, 2));
        rejected(QUEUES + "eventLoops:\n  io: { affinity: 99999 }\n" + SERVICES, "event loop 'io'", "affinity",
                "'99999' is not an affinity", "NONE, ANY or a CPU number");
        rejected(QUEUES + "eventLoops:\n  io: { affinity: -1 }\n" + SERVICES, "event loop 'io'", "affinity",
                "'-1' is not an affinity");
    }
}
