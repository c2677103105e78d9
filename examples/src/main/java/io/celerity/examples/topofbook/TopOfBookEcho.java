package io.celerity.examples.topofbook;

/** Republishes every top-of-book unchanged: a service with no logic, so what it costs is what the framework costs. */
public final class TopOfBookEcho implements TopOfBookListener {
    private final TopOfBookListener out;

    /** Built by the framework with its writer for the output queue. */
    public TopOfBookEcho(TopOfBookListener out) {
        this.out = out;
    }

    @Override
    public void topOfBook(TopOfBook topOfBook) {
        out.topOfBook(topOfBook); // passed straight on: the contract allows it, and nothing is copied or kept
    }
}
