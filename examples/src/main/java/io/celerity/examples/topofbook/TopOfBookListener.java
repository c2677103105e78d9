package io.celerity.examples.topofbook;

/** Top-of-book updates: the echo's input and its output alike. */
public interface TopOfBookListener {
    /** One update of the best bid and offer. */
    void topOfBook(TopOfBook topOfBook);
}
