package io.celerity.examples.oms;

/** Why a request was refused, by the gateway (malformed), the risk check (limits) or the order manager (state). */
public enum RejectReason {
    NONE,
    MISSING_CLORDID,
    MISSING_ORIG_CLORDID,
    MISSING_ACCOUNT,
    MISSING_SIDE,
    UNKNOWN_SYMBOL,
    BAD_PRICE,
    BAD_QUANTITY,
    UNKNOWN_ACCOUNT,
    ORDER_QTY_LIMIT,
    ORDER_NOTIONAL_LIMIT,
    GROSS_NOTIONAL_LIMIT,
    DUPLICATE_CLORDID,
    UNKNOWN_ORDER,
    ORDER_MISMATCH,
    /** The order manager holds as many live orders as its capacity (settings: capacity): nothing grows mid-session. */
    ORDER_BOOK_FULL;

    static final RejectReason[] VALUES = values();
}
