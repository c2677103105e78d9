package io.celerity.benchmarks.jmh;

import io.celerity.examples.topofbook.TopOfBook;
import io.celerity.examples.topofbook.TopOfBookListener;
import io.celerity.internal.history.HistoryRecordingAppender;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.wire.MessageHistory;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.concurrent.TimeUnit;

/**
 * Appending one 44-byte {@link TopOfBook} to a real queue through a generated method writer: a plain writer, and one
 * built the way a Celerity service's output writer is, which starts each document with the input's message history.
 * Each iteration writes to a new queue, deleted afterwards, and stops at a {@link DiskBudget}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MethodWriterBenchmark {
    /** The source id a service's input queue would have; any positive id writes the same number of bytes. */
    static final int INPUT_SOURCE_ID = 7;

    private final TopOfBook topOfBook = Samples.topOfBook(new TopOfBook());
    private final VanillaMessageHistory history = new VanillaMessageHistory();
    private ScratchQueue queue;
    private DiskBudget budget;
    private TopOfBookListener plainWriter;
    private TopOfBookListener serviceOutputWriter;
    private long inputIndex;

    @Setup(Level.Iteration)
    public void openQueue() {
        queue = new ScratchQueue("method-writer");
        budget = new DiskBudget();
        ChronicleQueue q = queue.queue();
        plainWriter = GeneratedOnly.writer(q.methodWriter(TopOfBookListener.class));
        serviceOutputWriter = GeneratedOnly.writer(q.methodWriterBuilder(TopOfBookListener.class)
                .marshallableOut(new HistoryRecordingAppender(q.createAppender())).build());
        history.addSourceDetails(true);
        MessageHistory.set(history); // as a service's loop thread does
        plainWriter.topOfBook(topOfBook); // creates the cycle file here, not in the first timed call
    }

    @TearDown(Level.Iteration)
    public void deleteQueue() {
        MessageHistory.clear();
        if (queue != null)
            queue.close();
    }

    /** A plain generated writer: one document holding the event name and the DTO. */
    @Benchmark
    public void plainWriter() {
        budget.spendOne();
        plainWriter.topOfBook(topOfBook);
    }

    /**
     * A service's output: the history of the input in hand (its source and read time, as the generated reader sets
     * before dispatch), then the DTO, in one document; the history is cleared afterwards, as the reader does.
     */
    @Benchmark
    public void serviceOutputWriter() {
        budget.spendOne();
        history.reset(INPUT_SOURCE_ID, ++inputIndex);
        serviceOutputWriter.topOfBook(topOfBook);
        history.reset();
    }

    /** The queue written to in this iteration; for tests. */
    ChronicleQueue queue() {
        return queue.queue();
    }
}
