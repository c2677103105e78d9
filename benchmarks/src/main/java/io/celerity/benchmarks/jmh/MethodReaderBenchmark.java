package io.celerity.benchmarks.jmh;

import io.celerity.examples.topofbook.TopOfBook;
import io.celerity.examples.topofbook.TopOfBookListener;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
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
 * Reading one {@link TopOfBook} from a real queue through a generated method reader and dispatching it to a component.
 * Two ways, because a reader that keeps up reads what was just written, still in cache, while one catching up reads
 * older data: {@link #readOne} reads a pre-filled queue round and round; {@link #writeThenReadOne} appends one update and
 * reads it straight back, so subtracting {@link MethodWriterBenchmark#plainWriter} leaves the read of a hot message.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MethodReaderBenchmark {

    /** A queue filled once; the reader goes back to the start when it reaches the end. */
    @State(Scope.Thread)
    public static class FilledQueue {
        /** About 65 MB of queue, more than the 32 MB L3 cache: reads come from memory, as a backlog's do. */
        int messages = 1 << 20;

        final CountingListener listener = new CountingListener();
        private ScratchQueue queue;
        private ExcerptTailer tailer;
        private AbstractGeneratedMethodReader reader;

        @Setup(Level.Trial)
        public void fill() {
            queue = new ScratchQueue("method-reader");
            TopOfBookListener writer = GeneratedOnly.writer(queue.queue().methodWriter(TopOfBookListener.class));
            TopOfBook topOfBook = Samples.topOfBook(new TopOfBook());
            for (int i = 0; i < messages; i++)
                writer.topOfBook(topOfBook);
            tailer = queue.queue().createTailer();
            reader = GeneratedOnly.reader(tailer.methodReader(listener));
        }

        @TearDown(Level.Trial)
        public void delete() {
            if (reader != null)
                reader.close();
            if (queue != null)
                queue.close();
        }

        long readOne() {
            if (!reader.readOne()) {
                tailer.toStart(); // once every million reads
                if (!reader.readOne())
                    throw new IllegalStateException("the pre-filled queue has nothing to read");
            }
            return listener.received;
        }
    }

    /** A new queue each iteration, written and read by the same thread. */
    @State(Scope.Thread)
    public static class EmptyQueue {
        final CountingListener listener = new CountingListener();
        private final TopOfBook topOfBook = Samples.topOfBook(new TopOfBook());
        private ScratchQueue queue;
        private DiskBudget budget;
        private TopOfBookListener writer;
        private AbstractGeneratedMethodReader reader;

        @Setup(Level.Iteration)
        public void open() {
            queue = new ScratchQueue("write-then-read");
            budget = new DiskBudget();
            writer = GeneratedOnly.writer(queue.queue().methodWriter(TopOfBookListener.class));
            reader = GeneratedOnly.reader(queue.queue().createTailer().methodReader(listener));
            writeThenReadOne(); // creates the cycle file here, not in the first timed call
        }

        @TearDown(Level.Iteration)
        public void delete() {
            if (reader != null)
                reader.close();
            if (queue != null)
                queue.close();
        }

        long writeThenReadOne() {
            budget.spendOne();
            writer.topOfBook(topOfBook);
            if (!reader.readOne())
                throw new IllegalStateException("the update just written was not there to read");
            return listener.received;
        }
    }

    /** Reads and dispatches the next update of a pre-filled queue. */
    @Benchmark
    public long readOne(FilledQueue queue) {
        return queue.readOne();
    }

    /** Appends an update and reads it back: the pair a producer and a consumer that keeps up share between them. */
    @Benchmark
    public long writeThenReadOne(EmptyQueue queue) {
        return queue.writeThenReadOne();
    }
}
