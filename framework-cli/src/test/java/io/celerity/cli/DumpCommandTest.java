package io.celerity.cli;

import io.celerity.fixtures.Cli;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** dump on queues Chronicle's own text conversion cannot show: binary DTOs, unknown events, an unfinished write. */
class DumpCommandTest {

    @TempDir
    Path dir;

    @Test
    void binaryEventsWithoutTheirInterfaceAreShownAsHexNotAnError() {
        writeTicks(3);
        Cli.Result dump = Cli.run("dump", dir.resolve("ticks").toString());
        assertEquals(0, dump.status(), dump.err());
        assertEquals(3, count(dump.out(), "kind: undecoded # no event interface known"), dump.out());
        // Chronicle's text form where it has one (here a byte sequence), else a hex dump: never its exception.
        assertEquals(3, count(dump.out(), "text: |") + count(dump.out(), "hex: |"), dump.out());
        assertFalse(dump.err().contains("Exception"), dump.err());

        Cli.Result decoded = Cli.run("dump", dir.resolve("ticks").toString(), "--interface", TickIn.class.getName());
        assertTrue(decoded.out().contains("- tick: {\n      stream: 1,\n      seq: 3,"), decoded.out());
    }

    @Test
    void anEventOfAnotherInterfaceIsShownUndecodedNamingIt() {
        writeTicks(1);
        Cli.Result dump = Cli.run("dump", dir.resolve("ticks").toString(), "--interface", "io.celerity.fixtures.NoteIn");
        assertEquals(0, dump.status(), dump.err());
        assertTrue(dump.out().contains("kind: undecoded # event 'tick' is not in the given interfaces"), dump.out());
    }

    @Test
    void aDocumentStillBeingWrittenEndsTheDumpWithoutAnError() {
        writeTicks(2);
        try (SingleChronicleQueue q = SingleChronicleQueueBuilder.binary(dir.resolve("ticks")).build();
             ExcerptAppender appender = q.createAppender()) {
            DocumentContext unfinished = appender.writingDocument();
            unfinished.wire().write("tick").int64(42); // a writer stopped here: its header is not complete
            Cli.Result dump = Cli.run("dump", dir.resolve("ticks").toString());
            assertEquals(0, dump.status(), dump.err());
            assertEquals(2, count(dump.out(), "---\nindex: "), dump.out());
            unfinished.rollbackOnClose();
            unfinished.close();
        }
    }

    @Test
    void anIndexThatIsNotThereIsAClearError() {
        writeTicks(1);
        Cli.Result dump = Cli.run("dump", dir.resolve("ticks").toString(), "--from", "0x7fffffff00000000");
        assertEquals(CelerityCli.USAGE_ERROR, dump.status());
        assertEquals("celerity: the queue has no index 0x7fffffff00000000\n", dump.err());
    }

    private void writeTicks(int n) {
        try (SingleChronicleQueue q = SingleChronicleQueueBuilder.binary(dir.resolve("ticks")).build()) {
            TickIn writer = q.methodWriter(TickIn.class);
            for (int i = 1; i <= n; i++)
                writer.tick(new Tick().set(1, i, i * 10));
        }
    }

    private static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }
}
