package io.celerity.examples.accounts;

import io.celerity.api.ServiceContext;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * Keeps accounts and their balances: opens accounts, books deposits and transfers, and refuses, with a reason, any
 * request that would break a rule. A refused request changes nothing.
 */
public final class AccountService implements AccountRequests {
    private static final String NOT_POSITIVE = "amount must be positive";
    private static final String OVERFLOW = "balance would overflow";

    private final AccountEvents out;
    private final ServiceContext context;
    private final Long2ObjectHashMap<Account> accounts = new Long2ObjectHashMap<>(); // keyed by a primitive: no boxing
    private final CurrencyCodes currencyCodes = new CurrencyCodes();
    // One instance per output kind, refilled for every event: the writer copies it out before the method returns.
    private final AccountOpened opened = new AccountOpened();
    private final OpenFailed openFailed = new OpenFailed();
    private final Deposited deposited = new Deposited();
    private final DepositFailed depositFailed = new DepositFailed();
    private final TransferDone transferDone = new TransferDone();
    private final TransferFailed transferFailed = new TransferFailed();

    /** Built by the framework with its writer of account events and the service's context (for transaction ids). */
    public AccountService(AccountEvents out, ServiceContext context) {
        this.out = out;
        this.context = context;
    }

    @Override
    public void openAccount(OpenAccount open) {
        String problem = open.account <= 0 ? "account number must be positive"
                : accounts.containsKey(open.account) ? "account already exists"
                : open.owner == null || open.owner.isBlank() ? "owner name missing"
                : !currencyCodes.isIsoCode(open.currency) ? "currency must be a three-letter ISO code"
                : open.openingBalance < 0 ? "opening balance must not be negative"
                : null;
        if (problem != null) {
            openFailed.account = open.account;
            openFailed.reason = problem;
            out.openFailed(openFailed);
            return;
        }
        accounts.put(open.account, new Account(open.account, open.owner, open.currency, open.openingBalance));
        opened.account = open.account;
        opened.owner = open.owner;
        opened.currency = open.currency;
        opened.balance = open.openingBalance;
        out.accountOpened(opened);
    }

    @Override
    public void deposit(Deposit deposit) {
        Account account = accounts.get(deposit.account);
        String problem = deposit.amount <= 0 ? NOT_POSITIVE
                : account == null ? "unknown account"
                : account.currency != deposit.currency ? "account holds another currency"
                : !account.canReceive(deposit.amount) ? OVERFLOW
                : null;
        if (problem != null) {
            depositFailed.account = deposit.account;
            depositFailed.currency = deposit.currency;
            depositFailed.amount = deposit.amount;
            depositFailed.reason = problem;
            out.depositFailed(depositFailed);
            return;
        }
        account.balance += deposit.amount;
        deposited.transactionId = context.uniqueTimestamp();
        deposited.account = account.number;
        deposited.currency = account.currency;
        deposited.amount = deposit.amount;
        deposited.balance = account.balance;
        out.deposited(deposited);
    }

    @Override
    public void transfer(Transfer transfer) {
        Account from = accounts.get(transfer.from);
        Account to = accounts.get(transfer.to);
        String problem = transfer.amount <= 0 ? NOT_POSITIVE
                : from == null ? "unknown from account"
                : to == null ? "unknown to account"
                : from == to ? "from and to are the same account"
                : from.currency != transfer.currency ? "from account holds another currency"
                : to.currency != transfer.currency ? "to account holds another currency"
                : from.balance < transfer.amount ? "insufficient funds"
                : !to.canReceive(transfer.amount) ? OVERFLOW
                : null;
        if (problem != null) {
            transferFailed.from = transfer.from;
            transferFailed.to = transfer.to;
            transferFailed.currency = transfer.currency;
            transferFailed.amount = transfer.amount;
            transferFailed.reference = referenceOf(transfer);
            transferFailed.reason = problem;
            out.transferFailed(transferFailed);
            return;
        }
        from.balance -= transfer.amount;
        to.balance += transfer.amount;
        transferDone.transactionId = context.uniqueTimestamp();
        transferDone.from = from.number;
        transferDone.to = to.number;
        transferDone.currency = transfer.currency;
        transferDone.amount = transfer.amount;
        transferDone.reference = referenceOf(transfer);
        transferDone.fromBalance = from.balance;
        transferDone.toBalance = to.balance;
        out.transferDone(transferDone);
    }

    /** A transfer without a reference has an empty one, so readers of the outcome never meet null. */
    private static String referenceOf(Transfer transfer) {
        return transfer.reference == null ? "" : transfer.reference;
    }
}
