package io.celerity.examples.matching;

/** The texts of rejections and cancels: constants, so reporting one allocates nothing. */
final class Reasons {
    static final String CLORDID_MISSING = "clOrdId missing";
    static final String ACCOUNT_MISSING = "account missing";
    static final String SYMBOL_MISSING = "symbol missing";
    static final String BAD_SIDE = "side must be BUY or SELL";
    static final String BAD_ORD_TYPE = "ordType must be LIMIT or MARKET";
    static final String BAD_QUANTITY = "quantity must be positive";
    static final String BAD_LIMIT_PRICE = "limit price must be positive";
    static final String PRICE_TOO_HIGH = "price above the maximum of " + (long) TickSize.MAX_PRICE;
    static final String MARKET_WITH_PRICE = "market order must not carry a price";
    static final String NO_LIQUIDITY = "market order: no liquidity left for the rest";
    static final String ON_REQUEST = "cancelled on request";
    static final String NOT_OPEN = "no open order with this id";
    static final String OTHER_ACCOUNT = "order belongs to another account";

    private Reasons() {
    }
}
