package io.celerity.examples.oms;

import org.agrona.collections.Long2LongHashMap;

/**
 * Live orders by client order id, in one flat array of a fixed capacity: a slot per order, its fields side by side in
 * eight longs (one cache line's worth), and an index from client order id to slot. Nothing grows or is allocated
 * while trading, and the collector has no order objects to trace; when every slot is taken, {@link #open} says so
 * instead of growing.
 */
final class LiveOrders {
    /** What {@link #find} and {@link #open} return for no slot. */
    static final int NONE = -1;

    private static final float LOAD_FACTOR = 0.65f;
    private static final int NO_SIDE = -1; // an order the gateway did not check may lack one

    private final int capacity;
    private final Long2LongHashMap slotByClOrdID;
    // Field offsets within a slot's longs.
    private static final int ORDER_ID = 0;
    private static final int CL_ORD_ID = 1;
    private static final int ACCOUNT = 2;
    private static final int SYMBOL = 3;
    private static final int SIDE = 4;
    private static final int PRICE = 5; // the double's bits
    private static final int ORDER_QTY = 6;
    private static final int SLOT_LONGS = 8;

    private final long[] slots;
    private final int[] freeSlots; // a stack
    private int free;

    LiveOrders(int capacity) {
        if (capacity <= 0)
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        this.capacity = capacity;
        // Sized so that capacity entries stay under the resize threshold: the index never rehashes.
        slotByClOrdID = new Long2LongHashMap((int) Math.min(1 << 30, (long) (capacity / LOAD_FACTOR) + 1),
                LOAD_FACTOR, NONE);
        slots = new long[Math.multiplyExact(capacity, SLOT_LONGS)];
        freeSlots = new int[capacity];
        for (int slot = 0; slot < capacity; slot++)
            freeSlots[slot] = capacity - 1 - slot; // slot 0 first
        free = capacity;
    }

    /** The slot of the live order that goes by {@code clOrdID}, or {@link #NONE}. */
    int find(long clOrdID) {
        return (int) slotByClOrdID.get(clOrdID);
    }

    /** Files a new live order; returns its slot, or {@link #NONE} when all {@code capacity} slots are taken. */
    int open(long orderID, long clOrdID, long account, long symbol, Side side, double price, long orderQty) {
        if (free == 0)
            return NONE;
        int slot = freeSlots[--free];
        int at = slot * SLOT_LONGS;
        slots[at + ORDER_ID] = orderID;
        slots[at + CL_ORD_ID] = clOrdID;
        slots[at + ACCOUNT] = account;
        slots[at + SYMBOL] = symbol;
        slots[at + SIDE] = code(side);
        slots[at + PRICE] = Double.doubleToRawLongBits(price);
        slots[at + ORDER_QTY] = orderQty;
        slotByClOrdID.put(clOrdID, slot);
        return slot;
    }

    /** Gives an order the id, price and quantity of a replace; it is filed under the new id. */
    void replace(int slot, long newClOrdID, double price, long orderQty) {
        int at = slot * SLOT_LONGS;
        slotByClOrdID.remove(slots[at + CL_ORD_ID]);
        slots[at + CL_ORD_ID] = newClOrdID;
        slots[at + PRICE] = Double.doubleToRawLongBits(price);
        slots[at + ORDER_QTY] = orderQty;
        slotByClOrdID.put(newClOrdID, slot);
    }

    void close(int slot) {
        int at = slot * SLOT_LONGS;
        slotByClOrdID.remove(slots[at + CL_ORD_ID]);
        slots[at + ORDER_ID] = 0; // free: order ids start at 1
        freeSlots[free++] = slot;
    }

    /** Whether a cancel or replace describes the order in {@code slot} (FIX requires the same account, symbol and side). */
    boolean matches(int slot, long account, long symbol, Side side) {
        int at = slot * SLOT_LONGS;
        return slots[at + ACCOUNT] == account && slots[at + SYMBOL] == symbol && slots[at + SIDE] == code(side);
    }

    long orderID(int slot) {
        return slots[slot * SLOT_LONGS + ORDER_ID];
    }

    /** Copies the order in {@code slot} into {@code into}, a reusable record, and returns it. */
    LiveOrder copy(int slot, LiveOrder into) {
        int at = slot * SLOT_LONGS;
        int side = (int) slots[at + SIDE];
        return into.set(slots[at + ORDER_ID], slots[at + CL_ORD_ID], slots[at + ACCOUNT], slots[at + SYMBOL],
                side == NO_SIDE ? null : Side.VALUES[side], Double.longBitsToDouble(slots[at + PRICE]),
                slots[at + ORDER_QTY]);
    }

    /** Whether {@code slot} (0 to capacity - 1) holds a live order. */
    boolean isLive(int slot) {
        return slots[slot * SLOT_LONGS + ORDER_ID] != 0;
    }

    private static int code(Side side) {
        return side == null ? NO_SIDE : side.ordinal();
    }

    int size() {
        return capacity - free;
    }

    int capacity() {
        return capacity;
    }
}
