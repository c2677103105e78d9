package io.celerity.internal.chronicle;

import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.WriteLock;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Works around Chronicle Queue's {@code StoreAppender.writingDocument}, which cleans up only after a RuntimeException:
 * when a cycle file cannot be created it throws a checked IOException undeclared and leaves the queue's write lock
 * held and its nesting count raised, so every later write of this process would wait on the lock or nest in a dead
 * document. Undoing both lets the next attempt start clean. Only ever called on that failure path.
 * <p>Covers Chronicle Queue issue 697 (the write lock not released when a new cycle file cannot be accessed), whose
 * fix for one exception, issue 1324 ({@code WriteAfterEOFException}), left the others; and issue 896 (the nesting
 * count out of step after an exception in {@code writingDocument}).
 */
public final class AppenderRepair {

    private AppenderRepair() {
    }

    /** After {@code appender.writingDocument()} threw {@code failure}: undoes what Chronicle left behind, if anything. */
    public static void afterFailedOpen(ExcerptAppender appender, ChronicleQueue queue, Throwable failure) {
        if (failure instanceof RuntimeException || failure instanceof Error)
            return; // Chronicle released the lock itself
        if (!appender.getClass().getName().startsWith("net.openhft."))
            return; // an encrypted queue's appender: it repaired its own Chronicle appender as the write failed
        try {
            Field count = appender.getClass().getDeclaredField("count"); // StoreAppender's nesting depth
            count.setAccessible(true);
            count.setInt(appender, count.getInt(appender) - 1);
            Method writeLock = SingleChronicleQueue.class.getDeclaredMethod("writeLock");
            writeLock.setAccessible(true);
            ((WriteLock) writeLock.invoke(queue)).unlock(); // held by this thread's failed attempt, no one else's
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot undo a failed write's lock in Chronicle Queue " + e
                    + "; the process must restart to write this queue again", failure);
        }
    }
}
