package io.celerity.internal.fix;

import io.celerity.fixtest.CrashingDeskFromFix;
import io.celerity.fixtest.DeskDeployment;
import io.celerity.fixtest.QuickFixClient;
import io.celerity.fixtures.ChildJvm;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import quickfix.Message;
import quickfix.field.ClOrdID;
import quickfix.field.PossDupFlag;
import quickfix.field.PossResend;
import quickfix.field.Side;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.celerity.fixtest.CrashingDeskFromFix.CRASH;
import static io.celerity.internal.fix.GatewayKillRestartTest.startHost;
import static io.celerity.internal.fix.QuickFixConversationTest.deskInputs;
import static io.celerity.internal.fix.QuickFixConversationTest.order;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gateway's process dies as its mapping holds an order: Artio took the message in (and may have counted it
 * received), the inbound queue has nothing of it. The restarted gateway must get it again from the counterparty,
 * whether the counterparty's Logon comes in turn or after more orders sent while the gateway was down.
 */
class CrashBeforeTheQueueTest {

    static final Duration LIVENESS = GatewayKillRestartTest.LIVENESS;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS) // a failure leaves the host's and the client's logs to read
    Path dir;

    @ParameterizedTest(name = "initiated: {0}, an order sent while the gateway is down: {1}")
    @CsvSource({"false, false", "false, true", "true, false", "true, true"})
    void anOrderTheQueueLacksComesAgainOnce(boolean initiated, boolean sendWhileDown) throws Exception {
        int port = DeskDeployment.freePort();
        Path yaml = initiated ? DeskDeployment.writeInitiating(dir.resolve("deploy"), port, CrashingDeskFromFix.class)
                : DeskDeployment.write(dir.resolve("deploy"), port, CrashingDeskFromFix.class);
        Path log = dir.resolve("host.log");
        ChildJvm host = startHost(yaml, log);
        List<String> reports = new ArrayList<>(); // clOrdId, with " again" when a possible duplicate or resend
        try (QuickFixClient client = (initiated ? QuickFixClient.acceptor(port, DeskDeployment.VENUE, DeskDeployment.US,
                dir.resolve("client")) : new QuickFixClient(port, DeskDeployment.CLIENT, DeskDeployment.US,
                dir.resolve("client"))).start()) {
            client.awaitLogon(LIVENESS);
            client.send(order("o1", Side.BUY, 1, 1));
            reports.add(report(client.next(LIVENESS)));
            client.send(order(CRASH, Side.BUY, 2, 1));
            assertEquals(137, host.await(), "the gateway died on the order");
            client.awaitLogout(LIVENESS);
            if (sendWhileDown)
                client.session().send(order("o2", Side.BUY, 3, 1)); // kept by QuickFIX/J, the Logon comes after it
            host = startHost(yaml, log);
            client.awaitLogon(LIVENESS);
            client.send(order("last", Side.BUY, 4, 1)); // a sentinel: its report comes after every other
            while (!reports.contains("last"))
                reports.add(report(client.next(LIVENESS)));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\nhost log:\n" + Files.readString(log), e);
        } finally {
            host.terminate();
        }
        List<String> expected = sendWhileDown ? List.of("o1", CRASH, "o2", "last") : List.of("o1", CRASH, "last");
        assertEquals(expected.stream().map(id -> "order " + id).toList(), deskInputs(dir.resolve("deploy/orders")),
                "the desk took each order once, in order; host log:\n" + Files.readString(log));
        assertEquals(expected, reports, "each report came once, as new");
        if (!initiated && Files.readString(log).contains("taken (DISCONNECTED): last received 3,")) // Artio counted it
            assertTrue(Files.readString(log).contains("asking again from 3"), "the gateway asked for the order again");
    }

    private static String report(Message report) throws Exception {
        boolean again = flag(report, PossDupFlag.FIELD) || flag(report, PossResend.FIELD);
        return report.getString(ClOrdID.FIELD) + (again ? " again" : "");
    }

    private static boolean flag(Message m, int tag) throws Exception {
        return m.getHeader().isSetField(tag) && m.getHeader().getBoolean(tag);
    }
}
