package io.celerity.benchmarks.replication;

import io.celerity.benchmarks.harness.LatencyTask;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.hop.BenchmarkData;
import io.celerity.internal.replication.AckPolicy;
import net.openhft.affinity.AffinityLock;
import org.agrona.CloseHelper;
import org.agrona.concurrent.IdleStrategy;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A round trip from host A to host B and back over Aeron UDP, timed on A. One spinning thread on A runs A's part (and
 * A's media driver in {@link DriverMode#INVOKER}); with B in this process ({@link #inProcess}) the same thread runs
 * B's part too, so the hop takes two threads, the harness's spinning sender and this one, whatever the transport.
 */
abstract class LinkHop implements LatencyTask {

    private static final long READY_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final DriverMode mode;
    private final LoopIdle idle;
    private final LinkAddresses link;
    private final boolean inProcess;
    private final int handlerCpu;
    private BenchmarkData data;
    private AeronSide aeron;
    private ReplicaSide replica;
    private Thread thread;
    private volatile boolean running = true;
    private volatile boolean opened;
    private volatile Throwable failure;

    /** @param remote where B is when it runs in a process of its own, or null to run it here on loopback */
    LinkHop(DriverMode mode, LoopIdle idle, LinkAddresses remote, int handlerCpu) {
        this.mode = mode;
        this.idle = idle;
        this.inProcess = remote == null;
        this.link = inProcess ? LinkAddresses.loopback() : remote;
        this.handlerCpu = handlerCpu;
    }

    @Override
    public final void start(Probes probes) throws Exception {
        data = new BenchmarkData(getClass().getSimpleName());
        aeron = AeronSide.launch("a", mode);
        if (inProcess)
            replica = new ReplicaSide(data.dir().resolve("replica"), mode, link, AckPolicy.DEFAULT);
        prepare(data.dir(), probes);
        thread = new Thread(this::loop, getClass().getSimpleName());
        thread.start();
        long deadline = System.nanoTime() + READY_TIMEOUT_NANOS;
        while (!(opened && ready())) {
            if (failure != null)
                throw new IllegalStateException(thread.getName() + " failed", failure);
            if (System.nanoTime() > deadline)
                throw new IllegalStateException(getClass().getSimpleName() + ": no link from " + link.a() + " to "
                        + link.b() + " within 30 s (" + link + ")");
            Thread.sleep(1);
        }
    }

    private void loop() {
        AffinityLock cpu = handlerCpu >= 0 ? AffinityLock.acquireLock(handlerCpu) : null;
        try {
            open(aeron);
            if (replica != null)
                replica.onStart();
            opened = true;
            AeronSide a = aeron;
            ReplicaSide b = replica;
            IdleStrategy idleStrategy = idle.strategy();
            while (running)
                idleStrategy.idle(a.invoke() + work() + (b == null ? 0 : b.doWork()));
        } catch (Throwable t) {
            failure = t;
        } finally {
            CloseHelper.quietClose(this::closeOnThread);
            if (replica != null)
                replica.onClose();
            if (cpu != null)
                cpu.release();
        }
    }

    /** On the harness's thread, before the hop's thread starts: e.g. the source queue and its writer. */
    abstract void prepare(Path dir, Probes probes) throws Exception;

    /** On the hop's thread, first: publications, subscriptions, tailers. */
    abstract void open(AeronSide a);

    /** True once a message sent now would go through, e.g. when the link is connected. Polled from start(). */
    abstract boolean ready();

    /** On the hop's thread, again and again: A's part of the round trip; the work done. */
    abstract int work();

    /** On the hop's thread, last. */
    abstract void closeOnThread();

    /** On the harness's thread, after the hop's thread has ended. */
    void closeTransports() {
    }

    /** The in-process replica's last index, -1 while empty, or -2 when B runs elsewhere. */
    final long replicaLastIndex() {
        return replica == null ? -2 : replica.lastIndex();
    }

    final boolean replicaInProcess() {
        return inProcess;
    }

    final LinkAddresses link() {
        return link;
    }

    @Override
    public final List<Thread> handlerThreads() {
        return List.of(thread);
    }

    @Override
    public final void close() throws Exception {
        try {
            running = false;
            if (thread != null)
                thread.join();
        } finally {
            closeTransports();
            CloseHelper.closeAll(aeron, data);
        }
        if (failure != null)
            throw new IllegalStateException(thread.getName() + " failed", failure);
    }
}
