package io.celerity.examples.matching;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Prices survive the trip between the wire's doubles and the book's ticks exactly. */
class TickSizeTest {

    @Test
    void everyPriceConvertsToTicksAndBackToTheDoubleNearestItsDecimal() {
        for (String size : new String[] {"0.01", "0.005", "0.0001", "0.25", "5"}) {
            BigDecimal tick = new BigDecimal(size);
            TickSize tickSize = new TickSize(tick.doubleValue());
            for (long ticks = 1; ticks <= 200_000; ticks++) {
                double decimal = tick.multiply(BigDecimal.valueOf(ticks)).doubleValue(); // what a client would write
                assertEquals(decimal, tickSize.toPrice(ticks), size + " x " + ticks);
                assertEquals(ticks, tickSize.toTicks(decimal), size + " x " + ticks);
            }
        }
    }

    @Test
    void pricesUpToTheMaximumStayExact() {
        TickSize cents = new TickSize(0.01);
        for (long ticks = 100_000_000_000L; ticks > 99_999_000_000L; ticks -= 7) {
            double decimal = BigDecimal.valueOf(ticks, 2).doubleValue();
            assertEquals(decimal, cents.toPrice(ticks), "ticks " + ticks);
            assertEquals(ticks, cents.toTicks(decimal), "ticks " + ticks);
        }
    }

    @Test
    void pricesBetweenTicksOrNotPositiveHaveNoTicks() {
        TickSize cents = new TickSize(0.01);
        assertEquals(TickSize.OFF_TICK, cents.toTicks(10.005));
        assertEquals(TickSize.OFF_TICK, cents.toTicks(0.001));
        assertEquals(TickSize.OFF_TICK, cents.toTicks(0));
        assertEquals(TickSize.OFF_TICK, cents.toTicks(-10.0));
        assertEquals(TickSize.OFF_TICK, cents.toTicks(Double.NaN));
        assertEquals(100_000_000_000L, cents.toTicks(TickSize.MAX_PRICE));
    }

    @Test
    void aTickSizeFinerThanAMillionthIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TickSize(0.0000001));
        assertThrows(IllegalArgumentException.class, () -> new TickSize(0));
    }
}
