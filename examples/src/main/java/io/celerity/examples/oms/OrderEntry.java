package io.celerity.examples.oms;

/** Client requests: what the gateway accepts from the order entry queue. */
public interface OrderEntry {
    void newOrderSingle(NewOrderSingle order);

    void orderCancelRequest(OrderCancelRequest cancel);

    void orderCancelReplaceRequest(OrderCancelReplaceRequest replace);
}
