package io.celerity.examples.oms;

import net.openhft.chronicle.wire.Base85LongConverter;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * Pre-trade risk: new orders and replacements must come from a known account and stay within its limits.
 * Cancels always pass, because refusing to reduce risk is never safer. Stateful (notional used): a restart gives it
 * back its newest snapshot ({@link RiskState}) and replays the requests it passed on after it
 * ({@code rebuildState: REPLAY_INPUTS}).
 */
public final class RiskCheck implements CheckedOrders, RiskState {
    private final CheckedOrders out;
    private final Long2ObjectHashMap<AccountRisk> accounts = new Long2ObjectHashMap<>();
    private final RequestRejected rejected = new RequestRejected();
    private final AccountNotional used = new AccountNotional();

    public RiskCheck(CheckedOrders out, RiskSettings settings) {
        this.out = out;
        settings.accounts.forEach((account, limits) ->
                accounts.put(Base85LongConverter.INSTANCE.parse(account), new AccountRisk(limits)));
    }

    @Override
    public void newOrderSingle(NewOrderSingle order) {
        RejectReason reason = check(order.account, order.price, order.orderQty);
        if (reason == RejectReason.NONE)
            out.newOrderSingle(order);
        else
            out.requestRejected(rejected.newOrder(order, reason));
    }

    @Override
    public void orderCancelRequest(OrderCancelRequest cancel) {
        out.orderCancelRequest(cancel);
    }

    @Override
    public void orderCancelReplaceRequest(OrderCancelReplaceRequest replace) {
        // The whole new notional counts: conservative, and the check needs no copy of the order book.
        RejectReason reason = check(replace.account, replace.price, replace.orderQty);
        if (reason == RejectReason.NONE)
            out.orderCancelReplaceRequest(replace);
        else
            out.requestRejected(rejected.replace(replace, reason));
    }

    @Override
    public void requestRejected(RequestRejected earlier) {
        out.requestRejected(earlier);
    }

    private RejectReason check(long account, double price, long orderQty) {
        AccountRisk risk = accounts.get(account);
        return risk == null ? RejectReason.UNKNOWN_ACCOUNT : risk.take(price, orderQty);
    }

    /** The snapshot (configured as its {@code method}): the notional each account has used. */
    public void writeNotionalUsed(RiskState state) {
        // Agrona's kept iterator, not a lambda: one capturing the state writer would be garbage on every snapshot.
        Long2ObjectHashMap<AccountRisk>.EntryIterator entries = accounts.entrySet().iterator();
        while (entries.hasNext()) {
            entries.next();
            state.notionalUsed(used.set(entries.getLongKey(), entries.getValue().grossNotional()));
        }
    }

    @Override
    public void notionalUsed(AccountNotional recorded) {
        AccountRisk risk = accounts.get(recorded.account);
        if (risk != null) // an account since removed from the settings may not trade: what it used no longer matters
            risk.grossNotional(recorded.grossNotional);
    }
}
