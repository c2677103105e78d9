package io.celerity.examples.accounts;

/** Requests to the accounts service: one method per event in. */
public interface AccountRequests {
    /** Opens a new account with an opening balance. */
    void openAccount(OpenAccount open);

    /** Pays money into an account from outside the bank. */
    void deposit(Deposit deposit);

    /** Moves money from one account to another in the same currency. */
    void transfer(Transfer transfer);
}
