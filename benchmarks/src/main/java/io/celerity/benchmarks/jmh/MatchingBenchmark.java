package io.celerity.benchmarks.jmh;

import io.celerity.examples.matching.MatchingEngine;
import io.celerity.examples.matching.MatchingSettings;
import io.celerity.examples.matching.NewOrder;
import io.celerity.examples.matching.OrderType;
import io.celerity.examples.matching.Side;
import io.celerity.time.CalibratedClock;
import net.openhft.chronicle.wire.Base85LongConverter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The matching engine example called directly, no queues: each operation is one limit order that fully fills the one
 * order resting at 100.00 and rests the rest of its own quantity there, on the other side, for the next operation to
 * take. So every operation is exactly one match, and the book (twenty levels a side away from 100.00) never changes
 * shape. The engine's reports are counted, not written. Each match draws four unique ids: {@code ids=timestamps} takes
 * them from {@link io.celerity.time.UniqueTimestamps} shared through a file, on {@link CalibratedClock}, as a host
 * gives them; {@code ids=counter} from a plain counter, which leaves the engine's own work.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MatchingBenchmark {
    static final long SYMBOL = Base85LongConverter.INSTANCE.parse("VOD.L");
    static final long BUYER = Base85LongConverter.INSTANCE.parse("ALICE");
    static final long SELLER = Base85LongConverter.INSTANCE.parse("BOB");
    static final long CL_ORD_ID = Base85LongConverter.INSTANCE.parse("ORD1");
    static final double PRICE = 100.00;
    static final long RESTING_QUANTITY = 100;
    static final int DEPTH_LEVELS = 20;

    /** Where the engine's unique ids come from. */
    @Param({"timestamps", "counter"})
    public String ids = "timestamps";

    final CountingOutputs outputs = new CountingOutputs();
    private final NewOrder order = new NewOrder();
    private ScratchTimestamps timestamps;
    private long counter;
    private MatchingEngine engine;
    private boolean buy;

    @Setup(Level.Trial)
    public void buildBook() {
        LongSupplier uniqueIds;
        if (ids.equals("timestamps")) {
            timestamps = new ScratchTimestamps(1, CalibratedClock.system());
            uniqueIds = timestamps.timestamps()::next;
        } else if (ids.equals("counter")) {
            uniqueIds = () -> counter += 100;
        } else {
            throw new IllegalArgumentException("ids '" + ids + "': expected timestamps or counter");
        }
        engine = new MatchingEngine(outputs, outputs, new DirectContext("matching-engine", uniqueIds),
                new MatchingSettings());
        for (int i = 0; i < DEPTH_LEVELS; i++) {
            engine.newOrder(order.set(CL_ORD_ID, BUYER, SYMBOL, Side.BUY, OrderType.LIMIT, 90.00 + i * 0.01, 1_000));
            engine.newOrder(order.set(CL_ORD_ID, SELLER, SYMBOL, Side.SELL, OrderType.LIMIT, 110.00 + i * 0.01, 1_000));
        }
        engine.newOrder(order.set(CL_ORD_ID, SELLER, SYMBOL, Side.SELL, OrderType.LIMIT, PRICE, RESTING_QUANTITY));
        if (outputs.rejected != 0 || outputs.filled != 0)
            throw new IllegalStateException("the starting book did not build cleanly: " + outputs.rejected
                    + " rejected, " + outputs.filled + " filled");
    }

    @TearDown(Level.Trial)
    public void delete() {
        if (timestamps != null)
            timestamps.close();
    }

    /** One aggressive order, one match; returns the number of fully filled orders so far. */
    @Benchmark
    public long match() {
        buy = !buy;
        engine.newOrder(order.set(CL_ORD_ID, buy ? BUYER : SELLER, SYMBOL, buy ? Side.BUY : Side.SELL, OrderType.LIMIT,
                PRICE, 2 * RESTING_QUANTITY));
        return outputs.filled;
    }
}
