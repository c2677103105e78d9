package io.celerity.cli;

import io.celerity.fixtures.Cli;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** celerity schema verify on a real queue (the rules themselves: MessageVersionsTest in framework-core). */
class SchemaVerifyCommandTest {

    @TempDir
    Path dir;

    @Test
    void aQueueTheCurrentClassesReadBackPassesAndOneWithAnEventTheyDoNotDeclareFailsNamingItsFirstIndex() {
        Path ticks = dir.resolve("ticks");
        try (SingleChronicleQueue q = SingleChronicleQueueBuilder.binary(ticks).build()) {
            TickIn writer = q.methodWriter(TickIn.class);
            for (int i = 1; i <= 3; i++)
                writer.tick(new Tick().set(1, i, i * 10));
        }
        Cli.Result same = Cli.run("schema", "verify", ticks.toString(), "--interface", TickIn.class.getName());
        assertEquals(0, same.status(), same.out() + same.err());
        assertTrue(same.out().contains("read 3 document(s), 3 event(s)") && same.out().contains(
                "every document reads back the same"), same.out());

        Cli.Result unknown = Cli.run("schema", "verify", ticks.toString(), "--interface", "io.celerity.fixtures.NoteIn");
        assertEquals(CelerityCli.USAGE_ERROR, unknown.status(), unknown.out() + unknown.err());
        assertTrue(unknown.out().contains("  tick: unknown-event: first at index 0x") && unknown.out().contains(
                "(3 in all): event 'tick' is in no interface of the current code"), unknown.out());
    }

    @Test
    void withoutASubcommandItSaysWhichThereAre() {
        Cli.Result bare = Cli.run("schema");
        assertEquals(CelerityCli.USAGE_ERROR, bare.status(), bare.err());
        assertTrue(bare.err().contains("give a subcommand: verify QUEUE"), bare.err());
    }
}
