package io.celerity.examples.oms;

/** Requests that passed a check, and those a check refused, flowing gateway -> risk check -> order manager. */
public interface CheckedOrders extends OrderEntry {
    void requestRejected(RequestRejected rejected);
}
