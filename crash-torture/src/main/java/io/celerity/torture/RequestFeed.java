package io.celerity.torture;

import io.celerity.examples.oms.OrderEntry;
import io.celerity.examples.oms.demo.OrderFlow;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * The OMS's clients: sends the same requests as every run into an orders queue at a steady rate, on a thread of its
 * own, whatever the hosts are doing (a killed host finds the requests sent meanwhile waiting when it is back).
 */
final class RequestFeed implements AutoCloseable {

    private final Thread thread;
    private volatile Throwable failure;
    private volatile long sent;

    private RequestFeed(Path orders, int requests, int perSecond) {
        thread = new Thread(() -> feed(orders, requests, perSecond), "request-feed");
        thread.setDaemon(true);
    }

    static RequestFeed start(Path orders, int requests, int perSecond) {
        RequestFeed feed = new RequestFeed(orders, requests, perSecond);
        feed.thread.start();
        return feed;
    }

    private void feed(Path orders, int requests, int perSecond) {
        try (ChronicleQueue queue = SingleChronicleQueueBuilder.binary(orders).build()) {
            OrderFlow flow = new OrderFlow(queue.methodWriter(OrderEntry.class));
            long start = System.nanoTime();
            for (long n = 0; n < requests && !Thread.currentThread().isInterrupted(); n++) {
                long due = start + n * 1_000_000_000L / perSecond;
                while (System.nanoTime() < due) // a millisecond's requests at a time
                    LockSupport.parkNanos(1_000_000);
                OmsDeployment.send(flow, n);
                sent = n + 1;
            }
        } catch (Throwable t) {
            failure = t;
        }
    }

    long sent() {
        return sent;
    }

    /** Whether the feed has ended: every request sent, or stopped by a failure. */
    boolean done() {
        return !thread.isAlive();
    }

    /** Waits until every request is sent; throws what stopped the feed, if anything did. */
    void await() throws InterruptedException {
        thread.join();
        if (failure != null)
            throw new IllegalStateException("the request feed failed after " + sent + " requests", failure);
    }

    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join();
    }
}
