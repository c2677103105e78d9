package io.celerity.benchmarks.jmh;

import io.celerity.examples.topofbook.TopOfBook;
import io.celerity.examples.topofbook.TopOfBookListener;

/** The component a method reader dispatches to: counts the updates and keeps a field of the last, so none is dead code. */
public final class CountingListener implements TopOfBookListener {
    long received;
    double lastBid;

    @Override
    public void topOfBook(TopOfBook topOfBook) {
        received++;
        lastBid = topOfBook.bidPrice;
    }
}
