package io.celerity.benchmarks.fix;

import io.celerity.benchmarks.harness.Probe;
import io.celerity.benchmarks.harness.StartTimes;


/**
 * Reads the acceptor's messages off the client's socket without building any: finds each field's tag and value in
 * the bytes, and when an ExecutionReport (35=8) ends, samples the end-to-end probe for its ClOrdID (11=).
 */
final class ReportScanner {

    private final StartTimes startTimes;
    private final Probe endToEnd;
    private final FixOrderClient client;
    private int tag;           // the tag being read, or -1 while reading a value
    private long value;        // the numeric value being read
    private boolean report;    // the message being read is an ExecutionReport
    private long clOrdId = -1;
    private boolean loggedOn;

    ReportScanner(StartTimes startTimes, Probe endToEnd, FixOrderClient client) {
        this.startTimes = startTimes;
        this.endToEnd = endToEnd;
        this.client = client;
    }

    boolean loggedOn() {
        return loggedOn;
    }

    /** Scans the next {@code n} bytes of the stream, which may end anywhere in a message. */
    void scan(byte[] buffer, int n) {
        for (int i = 0; i < n; i++) {
            byte b = buffer[i];
            if (tag >= 0) {
                if (b == '=') {
                    value = 0;
                    valueTag = tag;
                    tag = -1;
                    valueByte = 0;
                } else {
                    tag = tag * 10 + (b - '0');
                }
            } else if (b == 1) {
                endOfField();
                tag = 0;
            } else {
                if (valueByte == 0)
                    firstValueByte = b;
                valueByte++;
                value = value * 10 + (b - '0');
            }
        }
    }

    private int valueTag;
    private int valueByte;
    private byte firstValueByte;

    private void endOfField() {
        switch (valueTag) {
            case 35 -> {
                report = firstValueByte == '8' && valueByte == 1;
                loggedOn |= firstValueByte == 'A' && valueByte == 1;
            }
            case 11 -> clOrdId = value;
            case 10 -> {
                if (report && clOrdId >= 0) {
                    endToEnd.sample(System.nanoTime() - startTimes.get(clOrdId));
                    client.reported();
                }
                report = false;
                clOrdId = -1;
            }
            default -> {
            }
        }
    }
}
