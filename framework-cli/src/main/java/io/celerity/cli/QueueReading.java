package io.celerity.cli;

import io.celerity.internal.encryption.CipherQueue;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Prints a queue's documents with {@link DocumentPrinter} from a start point, to the end or on as they are written
 * (until {@code count} documents or Ctrl-C, after which the queue is closed before the JVM exits); {@code dump} and
 * {@code tail} differ only in their defaults. Following a queue the services.yaml declares but nothing has created yet
 * waits for it to appear.
 */
final class QueueReading {

    /** No limit on the number of documents. */
    static final long ALL = Long.MAX_VALUE;

    private final QueueLocator locator;
    private final List<String> interfaceNames;
    private volatile boolean stopped;

    QueueReading(QueueLocator locator, List<String> interfaceNames) {
        this.locator = locator;
        this.interfaceNames = interfaceNames;
    }

    /**
     * @param from   START, END, or an index (hex with 0x, or decimal)
     * @param follow whether to wait for more documents at the end
     * @return the number of documents printed
     */
    long run(String from, boolean follow, long count, PrintStream out) {
        List<Class<?>> interfaces = interfaces();
        CountDownLatch done = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            stopped = true;
            try {
                done.await(5, TimeUnit.SECONDS); // let the loop close the queue before the JVM goes
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "celerity-stop");
        if (follow)
            Runtime.getRuntime().addShutdownHook(onCtrlC);
        long printed = 0;
        try {
            if (follow && locator.declaredButAbsent() && !awaitQueue())
                return 0; // Ctrl-C before it appeared
            printed = print(from, follow, count, out, interfaces);
        } finally {
            done.countDown();
            if (follow && !stopped)
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
        }
        return printed;
    }

    private long print(String from, boolean follow, long count, PrintStream out, List<Class<?>> interfaces) {
        long printed = 0;
        try (ChronicleQueue queue = locator.asServicesSeeIt(
                SingleChronicleQueueBuilder.binary(locator.path()).readOnly(true).build(), interfaces);
             ExcerptTailer tailer = queue.createTailer()) {
            // A document that does not open (changed on disk, a key not held, a forgotten subject's key) is shown so.
            CipherQueue.onRefused(tailer, refused -> out.printf("---%nindex: 0x%s%nrefused: \"%s\"%n",
                    Long.toHexString(refused.index()), refused.getMessage().replace("\"", "'")));
            position(tailer, from);
            DocumentPrinter printer = new DocumentPrinter(tailer, interfaces, locator.queuesBySourceId());
            while (printed < count && !stopped) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (dc.isPresent()) {
                        out.print(printer.print(dc));
                        out.flush();
                        printed++;
                        continue;
                    }
                }
                if (!follow)
                    break;
                LockSupport.parkNanos(1_000_000); // a person watches: a millisecond is soon enough
            }
        }
        return printed;
    }

    /**
     * Waits until the declared queue's directory and metadata exist (its first writer creates them), saying so once.
     *
     * @return false if stopped first
     */
    private boolean awaitQueue() {
        Path path = locator.pathForWriting();
        System.err.println("celerity: waiting for queue '" + locator.queue + "' to appear at " + path.toAbsolutePath()
                + " (Ctrl-C to stop)");
        while (!stopped && !readable(path))
            LockSupport.parkNanos(100_000_000); // a person waits: a tenth of a second is soon enough
        return !stopped;
    }

    // Chronicle opens a queue read-only only once its creator has written the metadata file.
    private static boolean readable(Path path) {
        if (!Files.isRegularFile(path.resolve(SingleChronicleQueue.QUEUE_METADATA_FILE)))
            return false;
        try (SingleChronicleQueue ignored = SingleChronicleQueueBuilder.binary(path).readOnly(true).build()) {
            return true;
        } catch (IllegalStateException beingCreated) {
            return false;
        }
    }

    private static void position(ExcerptTailer tailer, String from) {
        String f = from.trim();
        if (f.equalsIgnoreCase("START"))
            tailer.toStart();
        else if (f.equalsIgnoreCase("END"))
            tailer.toEnd();
        else if (!tailer.moveToIndex(index(f)))
            throw new IllegalArgumentException("the queue has no index " + from);
    }

    private static long index(String text) {
        try {
            return Indexes.parse(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--from '" + text + "' is not START, END or an index (hex with 0x, or "
                    + "decimal)");
        }
    }

    /** The interfaces named, else those of the services using the queue when their classes are at hand. */
    private List<Class<?>> interfaces() {
        if (!interfaceNames.isEmpty())
            return Interfaces.load(interfaceNames);
        try {
            return locator.eventInterfaces();
        } catch (ClassNotFoundException | LinkageError e) {
            System.err.println("celerity: events shown undecoded: the classes of the services using '" + locator.queue
                    + "' are not on the classpath (" + e.getMessage() + "); add them with --classpath or "
                    + UserClasspath.VARIABLE);
            return new ArrayList<>();
        }
    }
}
