package io.celerity.examples.oms;

/** An account's limits and the notional it has used so far. */
final class AccountRisk {
    private final AccountLimits limits;
    private double grossNotional;

    AccountRisk(AccountLimits limits) {
        this.limits = limits;
    }

    /** Checks an order against the limits and, when it passes, counts its notional as used. */
    RejectReason take(double price, long orderQty) {
        double notional = price * orderQty;
        if (orderQty > limits.maxOrderQty)
            return RejectReason.ORDER_QTY_LIMIT;
        if (notional > limits.maxOrderNotional)
            return RejectReason.ORDER_NOTIONAL_LIMIT;
        if (grossNotional + notional > limits.maxGrossNotional)
            return RejectReason.GROSS_NOTIONAL_LIMIT;
        grossNotional += notional;
        return RejectReason.NONE;
    }

    double grossNotional() {
        return grossNotional;
    }

    /** Sets the notional used, as a snapshot recorded it. */
    void grossNotional(double used) {
        grossNotional = used;
    }
}
