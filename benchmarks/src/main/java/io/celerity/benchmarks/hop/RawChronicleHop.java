package io.celerity.benchmarks.hop;

import io.celerity.benchmarks.harness.LatencyTask;
import io.celerity.benchmarks.harness.Probe;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.internal.chronicle.GeneratedCode;
import net.openhft.affinity.AffinityLock;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.MessageHistory;
import net.openhft.chronicle.wire.VanillaMessageHistory;

import java.util.List;

/**
 * The baseline: the same hop written by hand on Chronicle Queue. One spinning thread reads {@code pings} with a
 * generated method reader that calls a generated method writer on {@code echoes}, and reads {@code echoes} to sample
 * the probe. No history, counters or restart point: what Celerity adds is the difference. With {@code history}, the echo
 * records Chronicle's message history (its queue has a source id) and the readers add their hop to it, as Celerity's
 * services do: the difference left is what Celerity adds beyond the history.
 */
public final class RawChronicleHop implements LatencyTask {
    private final int handlerCpu;
    private final boolean history;
    private BenchmarkData data;
    private ChronicleQueue pings;
    private ChronicleQueue echoes;
    private PingsOut sender;
    private final Ping ping = new Ping();
    private long sequence;
    private Thread handler;
    private volatile boolean running = true;

    public RawChronicleHop(int handlerCpu, boolean history) {
        this.handlerCpu = handlerCpu;
        this.history = history;
    }

    @Override
    public void start(Probes probes) throws Exception {
        data = new BenchmarkData("raw-hop");
        pings = SingleChronicleQueueBuilder.binary(data.dir().resolve("pings")).build();
        // a source id makes Chronicle's appender record history: 0, the default, records none
        echoes = SingleChronicleQueueBuilder.binary(data.dir().resolve("echoes")).sourceId(history ? 2 : 0).build();
        sender = new PingsOut(pings, "benchmark sender");
        Probe endToEnd = probes.endToEnd();
        handler = new Thread(() -> handle(endToEnd), "raw-hop");
        handler.start();
    }

    private void handle(Probe endToEnd) {
        AffinityLock cpu = handlerCpu >= 0 ? AffinityLock.acquireLock(handlerCpu) : null;
        VanillaMessageHistory threadHistory = new VanillaMessageHistory();
        threadHistory.addSourceDetails(history); // a reader then adds its own hop: source, index and read time
        MessageHistory.set(threadHistory);
        try (PingsOut echo = new PingsOut(echoes, "raw echo");
             MethodReader echoReader = pings.createTailer().methodReader(echo.writer());
             MethodReader sinkReader = echoes.createTailer().methodReader(
                     (Pings) p -> endToEnd.sample(System.nanoTime() - p.startNanos))) {
            GeneratedCode.requireGeneratedReader(echoReader, "raw echo");
            GeneratedCode.requireGeneratedReader(sinkReader, "raw sink");
            while (running) {
                boolean busy = echoReader.readOne() | sinkReader.readOne();
                if (!busy)
                    echo.touchAhead(); // as an idle Celerity event loop does
            }
        } finally {
            if (cpu != null)
                cpu.release();
        }
    }

    @Override
    public void send(long startNanos) {
        sender.writer().ping(ping.next(startNanos, sequence++));
    }

    @Override
    public void idle() {
        sender.touchAhead();
    }

    @Override
    public List<Thread> handlerThreads() {
        return List.of(handler);
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        if (handler != null)
            handler.join();
        if (sender != null)
            sender.close();
        if (pings != null)
            pings.close();
        if (echoes != null)
            echoes.close();
        if (data != null)
            data.close();
    }
}
