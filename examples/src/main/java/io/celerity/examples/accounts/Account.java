package io.celerity.examples.accounts;

/** One account as the service holds it: who owns it, its currency and its balance in minor units. */
final class Account {
    final long number;
    final String owner;
    final long currency;
    long balance; // minor units (cents) in a long: exact sums, no rounding, room for 92 quadrillion euros

    Account(long number, String owner, long currency, long balance) {
        this.number = number;
        this.owner = owner;
        this.currency = currency;
        this.balance = balance;
    }

    /** Whether {@code amount} can be added without passing Long.MAX_VALUE cents (about 92 quadrillion euros). */
    boolean canReceive(long amount) {
        return amount <= Long.MAX_VALUE - balance;
    }
}
