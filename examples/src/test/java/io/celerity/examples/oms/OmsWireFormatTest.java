package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesMarshallable;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.HexFormat;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each OMS message's bytes on the queue, field by field, as queues written by earlier builds hold them; read back
 * into an empty message they give the same message, and encoding and decoding allocate nothing once warm.
 */
class OmsWireFormatTest {

    private static final int WINDOW = 100_000;
    private static final int MAX_WARM_UP_WINDOWS = 40;
    // Doubles as their little-endian bytes.
    private static final String PRICE_4_5 = "0000000000001240";
    private static final String PRICE_5_5 = "0000000000001640";
    private static final String PRICE_7_5 = "0000000000001e40";

    @Test
    void newOrderSingle() {
        check(new NewOrderSingle().set(1, 2, 3, Side.SELL, 4.5, 6, 7), NewOrderSingle::new,
                longs(1, 2, 3), "01", PRICE_4_5, longs(6, 7));
    }

    @Test
    void orderCancelRequest() {
        check(new OrderCancelRequest().set(1, 2, 3, 4, Side.SELL, 5), OrderCancelRequest::new,
                longs(1, 2, 3, 4), "01", longs(5));
    }

    @Test
    void orderCancelReplaceRequest() {
        check(new OrderCancelReplaceRequest().set(1, 2, 3, 4, Side.SELL, 5.5, 6, 7), OrderCancelReplaceRequest::new,
                longs(1, 2, 3, 4), "01", PRICE_5_5, longs(6, 7));
    }

    @Test
    void requestRejected() {
        OrderCancelReplaceRequest replace = new OrderCancelReplaceRequest().set(1, 2, 3, 4, Side.SELL, 5.5, 6, 7);
        check(new RequestRejected().replace(replace, RejectReason.ORDER_QTY_LIMIT), RequestRejected::new,
                "02", "09", longs(1, 2, 3, 4), "01", PRICE_5_5, longs(6, 7));
    }

    @Test
    void executionReport() {
        ExecutionReport report = new ExecutionReport();
        report.orderID = 1;
        report.execID = 2;
        report.clOrdID = 3;
        report.origClOrdID = 4;
        report.account = 5;
        report.symbol = 6;
        report.side = Side.SELL;
        report.execType = ExecType.REPLACED;
        report.ordStatus = OrdStatus.CANCELED;
        report.rejectReason = RejectReason.UNKNOWN_ORDER;
        report.price = 7.5;
        report.orderQty = 8;
        report.leavesQty = 9;
        report.cumQty = 10;
        report.transactTime = 11;
        check(report, ExecutionReport::new, longs(1, 2, 3, 4, 5, 6), "01", "02", "01", "0d", PRICE_7_5,
                longs(8, 9, 10, 11));
    }

    @Test
    void orderCancelReject() {
        check(new OrderCancelReject().set(1, 2, 3, 4, OrdStatus.CANCELED, RequestType.REPLACE,
                RejectReason.UNKNOWN_ORDER, 5), OrderCancelReject::new, longs(1, 2, 3, 4), "01", "02", "0d", longs(5));
    }

    @Test
    void liveOrder() {
        check(new LiveOrder().set(1, 2, 3, 4, Side.SELL, 5.5, 6), LiveOrder::new,
                longs(1, 2, 3, 4), "01", PRICE_5_5, longs(6));
    }

    @Test
    void noSideIsOneByteOfMinusOne() {
        check(new NewOrderSingle().set(1, 2, 3, null, 4.5, 6, 7), NewOrderSingle::new,
                longs(1, 2, 3), "ff", PRICE_4_5, longs(6, 7));
    }

    /** {@code fieldsHex}: the fields' bytes in hex, in their order on the queue (enums one byte each). */
    private static <M extends BytesMarshallable> void check(M message, Supplier<M> empty, String... fieldsHex) {
        Bytes<?> bytes = Bytes.allocateElasticOnHeap(256);
        message.writeMarshallable(bytes);
        assertEquals(String.join("", fieldsHex), hex(bytes), "the bytes of " + message);
        M read = empty.get();
        read.readMarshallable(bytes);
        assertEquals(message, read);
        assertEquals(0, bytes.readRemaining(), "every byte read");
        assertAllocationFree(message, read, bytes);
    }

    // Warm-up ends after two windows in a row allocate nothing: until then C2 is still (re)compiling.
    private static void assertAllocationFree(BytesMarshallable message, BytesMarshallable read, Bytes<?> bytes) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        int windows = 0;
        for (int quiet = 0; quiet < 2; windows++) {
            assertTrue(windows < MAX_WARM_UP_WINDOWS, "still allocating after " + windows + " windows");
            long before = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < WINDOW; i++) {
                bytes.clear();
                message.writeMarshallable(bytes);
                read.readMarshallable(bytes);
            }
            quiet = threads.getThreadAllocatedBytes(thread) == before ? quiet + 1 : 0;
        }
    }

    /** Small longs as 8 little-endian bytes each. */
    private static String longs(int... values) {
        StringBuilder s = new StringBuilder();
        for (int v : values)
            s.append(String.format("%02x00000000000000", v));
        return s.toString();
    }

    private static String hex(Bytes<?> bytes) {
        byte[] array = new byte[(int) bytes.readRemaining()];
        for (int i = 0; i < array.length; i++)
            array[i] = bytes.readByte(bytes.readPosition() + i);
        return HexFormat.of().formatHex(array);
    }
}
