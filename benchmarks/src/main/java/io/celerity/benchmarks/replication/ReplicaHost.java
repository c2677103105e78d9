package io.celerity.benchmarks.replication;

import io.celerity.benchmarks.hop.BenchmarkData;
import io.celerity.internal.replication.AckPolicy;

import org.agrona.concurrent.IdleStrategy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Host B in a process of its own: {@code ReplicaHost LINK DRIVER-MODE LOOP-IDLE}. One thread runs B's side (the
 * replica's sink, the ping's echo and, in invoker mode, the media driver) until the process is told to end.
 */
public final class ReplicaHost {

    /** The line printed once B listens, which the benchmark on A waits for. */
    static final String READY = "replica host ready";

    private ReplicaHost() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3)
            throw new IllegalArgumentException("usage: ReplicaHost A-HOST:PORT,B-HOST:PORT DRIVER-MODE LOOP-IDLE");
        LinkAddresses link = LinkAddresses.parse(args[0]);
        DriverMode mode = DriverMode.valueOf(args[1]);
        LoopIdle idle = LoopIdle.valueOf(args[2]);
        BenchmarkData data = new BenchmarkData("replica-host");
        ReplicaSide side = new ReplicaSide(data.dir().resolve("replica"), mode, link, AckPolicy.DEFAULT);
        CountDownLatch ended = new CountDownLatch(1);
        AtomicBoolean running = new AtomicBoolean(true);
        Thread loop = new Thread(() -> {
            try {
                side.onStart();
                System.out.println(READY + ": " + link + ", drivers " + mode + ", loop " + idle);
                IdleStrategy idleStrategy = idle.strategy();
                while (running.get())
                    idleStrategy.idle(side.doWork());
            } catch (Exception e) {
                e.printStackTrace();
            } finally {
                side.onClose();
                data.close();
                ended.countDown();
            }
        }, "replica");
        // SIGTERM (the hosts' close) ends the loop, which closes the driver and deletes its files.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            running.set(false); // not an interrupt: Aeron's close would take it as one of its own
            try {
                ended.await();
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }));
        loop.start();
    }
}
