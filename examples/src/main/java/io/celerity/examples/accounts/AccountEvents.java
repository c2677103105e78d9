package io.celerity.examples.accounts;

/** What the accounts service says: one success and one failure per kind of request. */
public interface AccountEvents {
    /** An account was opened. */
    void accountOpened(AccountOpened opened);

    /** An account could not be opened; nothing changed. */
    void openFailed(OpenFailed failed);

    /** A deposit was booked. */
    void deposited(Deposited deposited);

    /** A deposit was refused; nothing changed. */
    void depositFailed(DepositFailed failed);

    /** A transfer was booked on both accounts. */
    void transferDone(TransferDone done);

    /** A transfer was refused; neither account changed. */
    void transferFailed(TransferFailed failed);
}
