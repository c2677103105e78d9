package ${package};

/** Which way an order trades. */
public enum Side {
    BUY, SELL
}
