package io.celerity.examples.matching;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.converter.Base85;

/** The new state of one price level after it changed (market data by price): binary, 36 bytes. */
public final class LevelUpdate extends BytesInBinaryMarshallable {
    @LongConversion(Base85.class)
    public long symbol;
    @LongConversion(Base85.class)
    public long side;
    public double price;
    /** Total quantity resting at the price; 0 means the level is gone. */
    public long quantity;
    /** Number of orders resting at the price. */
    public int orders;

    @Override
    public void readMarshallable(BytesIn<?> in) {
        symbol = in.readLong();
        side = in.readLong();
        price = in.readDouble();
        quantity = in.readLong();
        orders = in.readInt();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(symbol);
        out.writeLong(side);
        out.writeDouble(price);
        out.writeLong(quantity);
        out.writeInt(orders);
    }
}
