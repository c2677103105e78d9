package io.celerity.benchmarks.fix;

import io.celerity.benchmarks.harness.LatencyTask;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.harness.StartTimes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/** The peer: the same client and order flow into a QuickFIX/J acceptor that answers each order itself. */
final class QuickFixPeerFlow implements LatencyTask {

    private QuickFixAcceptor acceptor;
    private FixOrderClient client;
    private StartTimes startTimes;
    private long request = 1; // ClOrdID 0 would read as none

    @Override
    public void start(Probes probes) throws Exception {
        int port = CelerityFixFlow.freePort();
        acceptor = new QuickFixAcceptor(port, "CELERITY", "CLIENT1");
        startTimes = probes.startTimes();
        client = new FixOrderClient(port, "CLIENT1", "CELERITY");
        client.logOn(startTimes, probes.endToEnd());
    }

    @Override
    public void send(long startNanos) {
        startTimes.put(request, startNanos);
        try {
            client.sendOrder(request++);
            client.poll();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void idle() {
        try {
            client.poll();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public List<Thread> handlerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("QFJ Message Processor")).toList();
    }

    @Override
    public void close() throws Exception {
        if (client != null)
            client.close();
        if (acceptor != null)
            acceptor.close();
    }
}
