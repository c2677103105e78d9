package io.celerity.internal.chronicle;

import io.celerity.fixtures.Queues;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** One kept tailer answers as Chronicle's lastIndex() does, call after call, whoever writes meanwhile. */
class LastIndexTest {

    @TempDir
    Path dir;

    @Test
    void answersAsChroniclesLastIndexAsTheQueueGrows() {
        try (ChronicleQueue queue = Queues.open(dir.resolve("q"));
             LastIndex lastIndex = new LastIndex(queue);
             ExcerptAppender appender = queue.createAppender()) {
            assertEquals(-1, lastIndex.get(), "an empty queue");
            assertEquals(queue.lastIndex(), lastIndex.get());
            for (int i = 0; i < 3; i++) {
                appender.writeText("document " + i);
                assertEquals(appender.lastIndexAppended(), lastIndex.get(), "after document " + i);
            }
            long lastData = appender.lastIndexAppended();
            try (DocumentContext meta = appender.writingDocument(true)) {
                meta.wire().write("note").text("metadata, not a document");
            }
            assertEquals(lastData, lastIndex.get(), "metadata at the end is passed over");
            assertEquals(queue.lastIndex(), lastIndex.get());
            try (ChronicleQueue other = Queues.open(dir.resolve("q"));
                 ExcerptAppender elsewhere = other.createAppender()) {
                elsewhere.writeText("from another writer");
                assertEquals(elsewhere.lastIndexAppended(), lastIndex.get(), "another writer's document");
            }
        }
    }
}
