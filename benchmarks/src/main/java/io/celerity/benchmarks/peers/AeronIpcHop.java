package io.celerity.benchmarks.peers;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.celerity.benchmarks.harness.Probe;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.hop.BenchmarkData;
import io.celerity.benchmarks.hop.Ping;
import org.agrona.CloseHelper;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

import java.util.concurrent.TimeUnit;

/**
 * The hop on Aeron IPC: two streams of {@code aeron:ipc} through an embedded media driver whose one shared thread
 * sleeps 1 ms when idle, so it does not take a core. The sender claims 48 bytes on stream {@value #PINGS}; one
 * spinning thread polls it, claims the echo on stream {@value #ECHOES} and polls that to sample the probe. The log
 * buffers are memory-mapped files under target/, but nothing is kept: the driver deletes them on close.
 */
public final class AeronIpcHop extends SpinningHop {
    static final String CHANNEL = "aeron:ipc";
    static final int PINGS = 1001;
    static final int ECHOES = 1002;
    /** 4 MiB terms: a 2 MiB window, 1.6 s of pings at 20k msg/s, before the sender is back-pressured. */
    static final int TERM_LENGTH = 4 << 20;
    private static final long CONNECT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final Ping ping = new Ping();
    private final BufferClaim sendClaim = new BufferClaim();
    private long sequence;
    private BenchmarkData data;
    private MediaDriver driver;
    private Aeron aeron;
    private ExclusivePublication pings;

    public AeronIpcHop(int handlerCpu) {
        super(handlerCpu);
    }

    @Override
    public void start(Probes probes) throws Exception {
        data = new BenchmarkData("aeron-ipc");
        driver = MediaDriver.launch(new MediaDriver.Context()
                .aeronDirectoryName(data.dir().resolve("aeron").toString())
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(new SleepingMillisIdleStrategy(1))
                .ipcTermBufferLength(TERM_LENGTH)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
        pings = aeron.addExclusivePublication(CHANNEL, PINGS);
        ExclusivePublication echoes = aeron.addExclusivePublication(CHANNEL, ECHOES);
        Subscription pingSubscription = aeron.addSubscription(CHANNEL, PINGS);
        Subscription echoSubscription = aeron.addSubscription(CHANNEL, ECHOES);
        awaitConnected(pings);
        awaitConnected(echoes);
        Probe endToEnd = probes.endToEnd();
        Ping received = new Ping();
        BufferClaim echoClaim = new BufferClaim();
        FragmentHandler echo = (buffer, offset, length, header) -> {
            received.readFrom(buffer, offset);
            publish(echoes, echoClaim, received);
        };
        Ping echoed = new Ping();
        FragmentHandler sink = (buffer, offset, length, header) -> {
            echoed.readFrom(buffer, offset);
            endToEnd.sample(System.nanoTime() - echoed.startNanos);
        };
        startHandler("aeron-ipc-hop", () -> {
            while (running()) {
                pingSubscription.poll(echo, 1); // one message per stream per pass, as the baseline
                echoSubscription.poll(sink, 1);
            }
        });
    }

    private static void awaitConnected(Publication publication) throws InterruptedException {
        long deadline = System.nanoTime() + CONNECT_TIMEOUT_NANOS;
        while (!publication.isConnected()) {
            if (System.nanoTime() > deadline)
                throw new IllegalStateException("Aeron stream " + publication.streamId() + " not connected in 10 s");
            Thread.sleep(1);
        }
    }

    /**
     * Claims space for one ping and writes it, retrying while back-pressured (the window waits on the driver to
     * advance it) or while the log rotates: a message is delayed, never dropped.
     */
    public static void publish(ExclusivePublication publication, BufferClaim claim, Ping ping) {
        long result;
        while ((result = publication.tryClaim(Ping.SIZE, claim)) < 0) {
            if (result == Publication.CLOSED || result == Publication.MAX_POSITION_EXCEEDED)
                throw new IllegalStateException("Aeron stream " + publication.streamId() + " cannot take more: "
                        + Publication.errorString(result));
            Thread.onSpinWait();
        }
        ping.writeTo(claim.buffer(), claim.offset());
        claim.commit();
    }

    @Override
    public void send(long startNanos) {
        publish(pings, sendClaim, ping.next(startNanos, sequence++));
    }

    @Override
    void closeTransports() {
        CloseHelper.closeAll(aeron, driver);
        if (data != null)
            data.close();
    }
}
