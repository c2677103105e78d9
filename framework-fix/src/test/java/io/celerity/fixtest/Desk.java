package io.celerity.fixtest;

/** A trading desk that accepts every order and every cancel: the service behind the tests' FIX gateway. */
public final class Desk implements DeskIn {

    private final DeskOut out;
    private final Ack ack = new Ack();
    private long nextOrderId = 1;

    public Desk(DeskOut out) {
        this.out = out;
    }

    @Override
    public void order(Order order) {
        ack.orderId = nextOrderId++;
        ack.clOrdId = order.clOrdId;
        ack.symbol = order.symbol;
        ack.side = order.side;
        ack.status = '0';
        ack.quantity = order.quantity;
        ack.price = order.price;
        out.ack(ack);
    }

    @Override
    public void cancel(Cancel cancel) {
        ack.orderId = nextOrderId++;
        ack.clOrdId = cancel.clOrdId;
        ack.symbol = cancel.symbol;
        ack.side = cancel.side;
        ack.status = '4';
        ack.quantity = 0;
        ack.price = 0;
        out.ack(ack);
    }
}
