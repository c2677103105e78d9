package io.celerity.internal.fix;

import io.celerity.config.CelerityConfig;
import io.celerity.fixtest.DeskDeployment;
import io.celerity.fixtest.QuickFixClient;
import io.celerity.host.ServiceHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.Session;
import quickfix.field.ClOrdID;
import quickfix.field.MsgType;
import quickfix.field.GapFillFlag;
import quickfix.field.PossResend;
import quickfix.field.Side;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static io.celerity.internal.fix.QuickFixConversationTest.deskInputs;
import static io.celerity.internal.fix.QuickFixConversationTest.isType;
import static io.celerity.internal.fix.QuickFixConversationTest.order;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sequence gaps in each direction, as the FIX session protocol settles them with QuickFIX/J: a gap in what the client
 * sends is asked for again (ResendRequest) and filled, and the order after it is taken once; a gap in what the client
 * received is gap-filled and its reports sent again from the outbound queue with PossResend=Y, and nothing reaches
 * the desk twice.
 */
class SequenceGapTest {

    static final Duration LIVENESS = QuickFixConversationTest.LIVENESS;

    @TempDir
    Path dir;

    @Test
    void gapsInBothDirectionsAreResentOrFilledAndNothingIsTakenTwice() throws Exception {
        int port = DeskDeployment.freePort();
        Path yaml = DeskDeployment.write(dir.resolve("deploy"), port);
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml));
             QuickFixClient client = new QuickFixClient(port, DeskDeployment.CLIENT, DeskDeployment.US,
                     dir.resolve("client")).start()) {
            client.awaitLogon(LIVENESS);
            client.send(order("a1", Side.BUY, 10, 1));
            client.send(order("a2", Side.BUY, 20, 1));
            assertEquals("a1", client.next(LIVENESS).getString(ClOrdID.FIELD));
            assertEquals("a2", client.next(LIVENESS).getString(ClOrdID.FIELD));

            // The client skips three sequence numbers: the gateway asks for them, QuickFIX/J fills the gap.
            Session session = client.session();
            session.setNextSenderMsgSeqNum(session.getExpectedSenderNum() + 3);
            client.send(order("a3", Side.SELL, 30, 1));
            client.nextAdmin(m -> isType(m, MsgType.RESEND_REQUEST), LIVENESS);
            assertEquals("a3", client.next(LIVENESS).getString(ClOrdID.FIELD));

            // The client forgets the last two messages it received (the gateway's ResendRequest and the report of
            // a3) and asks for them when a4's report comes: the gateway's outbound queue is its message store, so
            // Artio gap-fills the range and the gateway sends both reports again as new messages, PossResend=Y.
            session.setNextTargetMsgSeqNum(session.getExpectedTargetNum() - 2);
            client.send(order("a4", Side.SELL, 40, 1));
            Message gapFill = client.nextAdmin(m -> isType(m, MsgType.SEQUENCE_RESET), LIVENESS);
            assertTrue(gapFill.getBoolean(GapFillFlag.FIELD), "a gap fill, not a reset");
            Message resent = client.next(LIVENESS);
            assertEquals("a3", resent.getString(ClOrdID.FIELD));
            assertTrue(possResend(resent), "a3 sent again as a possible resend");
            Message again = client.next(LIVENESS);
            assertEquals("a4", again.getString(ClOrdID.FIELD));
            assertTrue(possResend(again), "a4's first sending fell in the range asked for");
            client.send(order("a5", Side.SELL, 50, 1));
            Message fresh = client.next(LIVENESS);
            assertEquals("a5", fresh.getString(ClOrdID.FIELD), "nothing else in between");
            assertFalse(possResend(fresh), "a5 went out once");
        }
        assertEquals(List.of("order a1", "order a2", "order a3", "order a4", "order a5"), deskInputs(dir.resolve("deploy/orders")));
    }

    static boolean possResend(Message m) throws Exception {
        return m.getHeader().isSetField(PossResend.FIELD) && m.getHeader().getBoolean(PossResend.FIELD);
    }
}
