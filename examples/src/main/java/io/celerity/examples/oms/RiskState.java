package io.celerity.examples.oms;

/** The risk check's state as events: what its snapshot writes ({@link RiskCheck#writeNotionalUsed}) and reads back. */
public interface RiskState {
    /** The notional one account has used. */
    void notionalUsed(AccountNotional used);
}
