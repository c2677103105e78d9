package io.celerity.examples.gateway;

import io.celerity.examples.quickstart.Quote;
import net.openhft.chronicle.wire.Base85LongConverter;

import java.nio.ByteBuffer;

/**
 * Parses one text line {@code SYMBOL BID ASK QTY} (fields separated by spaces, e.g. {@code EURUSD 1.0841 1.0843
 * 1000000}) straight from a buffer into a reused {@link Quote}; no allocation, a problem is a reused message.
 */
final class QuoteLines {

    /** The longest symbol a Base85 long holds. */
    private static final int MAX_SYMBOL = 10;
    /** Exact powers of ten: one division by one of them rounds a decimal correctly. */
    private static final double[] POW10 = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
            1e14, 1e15, 1e16, 1e17, 1e18};

    private final StringBuilder symbol = new StringBuilder(MAX_SYMBOL);
    private ByteBuffer in;
    private int pos;
    private int end;
    private String problem;

    /**
     * Reads bytes {@code from} (inclusive) to {@code to} (exclusive, the newline's position) into {@code quote}.
     *
     * @return true when the line is a quote; false, with {@link #problem()} saying why, when it is not
     */
    boolean parse(ByteBuffer buffer, int from, int to, Quote quote, long receivedNanos) {
        in = buffer;
        pos = from;
        end = to > from && buffer.get(to - 1) == '\r' ? to - 1 : to;
        problem = null;
        long sym = symbol();
        double bid = decimal("bid");
        double ask = decimal("ask");
        long qty = whole("qty");
        skipSpaces();
        if (problem == null && pos != end)
            problem = "more than four fields";
        if (problem != null)
            return false;
        quote.set(sym, bid, ask, qty, receivedNanos);
        return true;
    }

    /** Why the last line was refused. */
    String problem() {
        return problem;
    }

    private long symbol() {
        skipSpaces();
        symbol.setLength(0);
        while (pos < end && in.get(pos) != ' ') {
            if (symbol.length() == MAX_SYMBOL) {
                problem = "symbol longer than " + MAX_SYMBOL + " characters";
                return 0;
            }
            symbol.append((char) in.get(pos++));
        }
        if (symbol.length() == 0)
            problem = "empty line";
        return problem == null ? Base85LongConverter.INSTANCE.parse(symbol) : 0;
    }

    // Digits with an optional fraction, e.g. 1.0841; up to 18 digits in all.
    private double decimal(String field) {
        if (problem != null)
            return 0;
        skipSpaces();
        long mantissa = 0;
        int digits = 0, scale = -1;
        for (; pos < end && in.get(pos) != ' '; pos++) {
            byte c = in.get(pos);
            if (c == '.' && scale < 0) {
                scale = 0;
            } else if (c >= '0' && c <= '9' && digits < 18) {
                mantissa = mantissa * 10 + (c - '0');
                digits++;
                if (scale >= 0)
                    scale++;
            } else {
                problem = field + " is not a decimal number";
                return 0;
            }
        }
        if (digits == 0)
            problem = field + " missing";
        return scale > 0 ? mantissa / POW10[scale] : mantissa;
    }

    private long whole(String field) {
        if (problem != null)
            return 0;
        long start = pos;
        double v = decimal(field);
        if (problem == null && (v != Math.rint(v) || indexOf('.', start)))
            problem = field + " is not a whole number";
        return (long) v;
    }

    private boolean indexOf(char c, long from) {
        for (int i = (int) from; i < pos; i++)
            if (in.get(i) == c)
                return true;
        return false;
    }

    private void skipSpaces() {
        while (pos < end && in.get(pos) == ' ')
            pos++;
    }
}
