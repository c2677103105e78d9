package io.celerity.benchmarks.fix;

import java.util.List;

/** The peer: the same client and order flow into a QuickFIX/J acceptor that answers each order itself. */
final class QuickFixPeerFlow extends FixFlow {

    private QuickFixAcceptor acceptor;

    @Override
    int startAcceptor() throws Exception {
        int port = freePort();
        acceptor = new QuickFixAcceptor(port, "CELERITY", "CLIENT1");
        return port;
    }

    /** QuickFIX/J's thread that hands messages to the application and sends its answers. */
    @Override
    public List<Thread> handlerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("QFJ Message Processor")).toList();
    }

    @Override
    void closeAcceptor() {
        if (acceptor != null)
            acceptor.close();
    }
}
