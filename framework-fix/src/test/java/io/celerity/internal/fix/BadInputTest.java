package io.celerity.internal.fix;

import io.celerity.config.CelerityConfig;
import io.celerity.fixtest.DeskDeployment;
import io.celerity.fixtest.RawFixClient;
import io.celerity.host.ServiceHost;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static io.celerity.fixtest.RawFixClient.message;
import static io.celerity.internal.fix.QuickFixConversationTest.badMessages;
import static io.celerity.internal.fix.QuickFixConversationTest.deskInputs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What no FIX engine would send, over a plain socket: garbled bytes and a wrong checksum are dropped and the session
 * carries on; a sequence number too low without PossDupFlag and a wrong CompID end the session with a Logout; a flood
 * of messages the mapping does not take is answered, reported and leaves the heap flat. No bad message reaches the desk.
 */
class BadInputTest {

    static final Duration LIVENESS = QuickFixConversationTest.LIVENESS;
    static final String LOGON = message("A", 1, "98=0|108=30|");

    @TempDir
    Path dir;
    int port;
    Path yaml;

    @BeforeEach
    void deploy() {
        port = DeskDeployment.freePort();
        yaml = DeskDeployment.write(dir.resolve("deploy"), port);
    }

    static String order(int seqNum, String clOrdId) {
        return message("D", seqNum, "11=" + clOrdId + "|21=1|55=VOD.L|54=1|60=20261127-10:00:00.000|38=100|40=2|44=10|");
    }

    @Test
    void garbledBytesAWrongChecksumAndAWrongBodyLengthAreDroppedAndTheSessionCarriesOn() throws Exception {
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml)); RawFixClient raw = new RawFixClient(port)) {
            raw.send(LOGON);
            raw.await("35=A", LIVENESS);
            raw.send("8=FIX.4.4\u00019=12\u0001garbage\u0001\u0001no tags here\u0001");
            String badChecksum = order(2, "bad-sum");
            raw.send(badChecksum.substring(0, badChecksum.length() - 4) + (badChecksum.endsWith("000\u0001") ? "001" : "000")
                    + "\u0001");
            raw.send(order(2, "bad-length").replaceFirst("\u00019=(\\d+)", "\u00019=7"));
            raw.send(order(2, "good"));
            String report = raw.await("35=8", LIVENESS);
            assertTrue(report.contains("|11=good|"), report);
        }
        assertEquals(List.of("order good"), deskInputs(dir.resolve("deploy/orders")));
    }

    @Test
    void aSequenceNumberTooLowWithoutPossDupEndsTheSession() throws Exception {
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml)); RawFixClient raw = new RawFixClient(port)) {
            raw.send(LOGON);
            raw.await("35=A", LIVENESS);
            raw.send(order(2, "first"));
            raw.await("35=8", LIVENESS);
            raw.send(order(2, "again"));
            String logout = raw.await("35=5", LIVENESS);
            assertTrue(logout.toLowerCase().contains("too low"), logout);
            assertTrue(raw.disconnectedWithin(LIVENESS), "disconnected");
        }
        assertEquals(List.of("order first"), deskInputs(dir.resolve("deploy/orders")));
    }

    @Test
    void aWrongCompIdEndsTheSession() throws Exception {
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml)); RawFixClient raw = new RawFixClient(port)) {
            raw.send(LOGON);
            raw.await("35=A", LIVENESS);
            raw.send(message("D", 2, "SOMEONE-ELSE", "11=stray|55=VOD.L|54=1|60=20261127-10:00:00.000|38=1|40=1|"));
            raw.await("35=5", LIVENESS);
            assertTrue(raw.disconnectedWithin(LIVENESS), "disconnected");
        }
        assertEquals(List.of(), deskInputs(dir.resolve("deploy/orders")));
    }

    @Test
    void aFloodOfUnsupportedMessagesIsAnsweredReportedAndLeavesTheHeapFlat() throws Exception {
        int warmUp = 5_000;
        int flood = 50_000;
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml)); RawFixClient raw = new RawFixClient(port)) {
            raw.send(LOGON);
            raw.await("35=A", LIVENESS);
            int seq = 2;
            seq = newsFlood(raw, seq, warmUp);
            long before = usedHeapAfterGc();
            seq = newsFlood(raw, seq, flood);
            long after = usedHeapAfterGc();
            assertTrue(after - before < 16 << 20, "heap grew by " + (after - before) + " bytes over " + flood
                    + " bad messages");
            raw.send(order(seq, "still-here"));
            assertTrue(raw.await("35=8", LIVENESS).contains("|11=still-here|"));
        }
        assertEquals(warmUp + flood, badMessages(dir.resolve("deploy/fix-errors")).size(), "each one reported");
        assertEquals(List.of("order still-here"), deskInputs(dir.resolve("deploy/orders")));
    }

    /** Sends {@code n} News (which the desk's mapping does not take) and waits for their BusinessMessageRejects. */
    private static int newsFlood(RawFixClient raw, int seq, int n) throws Exception {
        StringBuilder batch = new StringBuilder();
        for (int i = 0; i < n; i++) {
            batch.append(message("B", seq++, "148=not an order|"));
            if (batch.length() > 60_000) {
                raw.send(batch.toString());
                batch.setLength(0);
            }
        }
        raw.send(batch.toString());
        raw.countUntil("35=j", n, LIVENESS);
        return seq;
    }

    /** The heap in use once a full collection no longer frees anything (an explicit GC returns when it is done). */
    private static long usedHeapAfterGc() {
        Runtime rt = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            System.gc();
            long now = rt.totalMemory() - rt.freeMemory();
            if (now >= used)
                return now;
            used = now;
        }
        return used;
    }
}
