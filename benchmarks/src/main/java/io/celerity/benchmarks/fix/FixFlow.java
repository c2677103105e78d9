package io.celerity.benchmarks.fix;

import io.celerity.benchmarks.harness.LatencyTask;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.harness.StartTimes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/**
 * An acceptor of the FIX benchmark's order flow: {@link FixOrderClient} sends each order when due and reads the
 * reports between orders, on the harness's sending thread; a subclass starts the acceptor and says its port.
 */
abstract class FixFlow implements LatencyTask {

    private FixOrderClient client;
    private StartTimes startTimes;
    private long request = 1; // ClOrdID 0 would read as none

    /** Starts the acceptor; returns its port. */
    abstract int startAcceptor() throws Exception;

    abstract void closeAcceptor() throws Exception;

    @Override
    public final void start(Probes probes) throws Exception {
        int port = startAcceptor();
        startTimes = probes.startTimes();
        client = new FixOrderClient(port, "CLIENT1", "CELERITY");
        client.logOn(startTimes, probes.endToEnd());
    }

    @Override
    public final void send(long startNanos) {
        startTimes.put(request, startNanos);
        try {
            client.sendOrder(request++);
            client.poll();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public final void idle() {
        try {
            client.poll();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public final void close() throws Exception {
        if (client != null)
            client.close();
        closeAcceptor();
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
