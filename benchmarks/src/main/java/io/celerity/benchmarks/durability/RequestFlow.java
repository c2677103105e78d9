package io.celerity.benchmarks.durability;

import io.celerity.examples.oms.NewOrderSingle;
import io.celerity.examples.oms.OrderCancelRequest;
import io.celerity.examples.oms.OrderEntry;
import io.celerity.examples.oms.Side;
import io.celerity.examples.oms.demo.OrderFlow;

/** The requests an order manager's history is built from. */
enum RequestFlow {
    /**
     * The demo client's mix ({@link OrderFlow}): 70% of the requests leave an order live (none is rejected, with no
     * gateway or risk check in front), so the state grows with the history.
     */
    DEMO,
    /** New orders, each later cancelled: past a warm-up the live orders stay at a fixed number however long the history. */
    CHURN;

    /** A writer of request {@code n} of this flow through {@code client}; {@code live} is CHURN's number of live orders. */
    Sender sender(OrderEntry client, long live) {
        return this == DEMO ? new OrderFlow(client)::send : new Churn(client, live)::send;
    }

    /** Sends request number {@code n}, stamped with {@code transactTime}. */
    interface Sender {
        void send(long n, long transactTime);
    }

    /** The first {@code live} requests open orders; after them, a new order and a cancel of the oldest take turns. */
    private static final class Churn {
        private static final long CANCEL_IDS = 1L << 40;
        private final OrderEntry client;
        private final long live;
        private final NewOrderSingle order = new NewOrderSingle();
        private final OrderCancelRequest cancel = new OrderCancelRequest();

        Churn(OrderEntry client, long live) {
            this.client = client;
            this.live = live;
        }

        void send(long n, long transactTime) {
            long afterWarmUp = n - live;
            if (afterWarmUp < 0 || afterWarmUp % 2 == 0) {
                long j = afterWarmUp < 0 ? n : live + afterWarmUp / 2;
                client.newOrderSingle(order.set(j + 1, account(j), 1, side(j), 100 + j % 50 * 0.01, 100, transactTime));
            } else {
                long j = afterWarmUp / 2; // the oldest live order
                client.orderCancelRequest(cancel.set(CANCEL_IDS + n, j + 1, account(j), 1, side(j), transactTime));
            }
        }

        private static long account(long j) {
            return 1 + j % 3;
        }

        private static Side side(long j) {
            return j % 2 == 0 ? Side.BUY : Side.SELL;
        }
    }
}
