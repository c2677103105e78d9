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
import quickfix.field.PossDupFlag;
import quickfix.field.Side;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static io.celerity.internal.fix.QuickFixConversationTest.deskInputs;
import static io.celerity.internal.fix.QuickFixConversationTest.isType;
import static io.celerity.internal.fix.QuickFixConversationTest.order;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sequence gaps in each direction, as the FIX session protocol settles them with QuickFIX/J: a gap in what the client
 * sends is asked for again (ResendRequest) and filled, and the order after it is taken once; a gap in what the client
 * received is resent from Artio's archive with PossDupFlag=Y, and nothing reaches the desk twice.
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
            // a3): the gateway fills the first and resends the second from Artio's archive as a possible duplicate.
            session.setNextTargetMsgSeqNum(session.getExpectedTargetNum() - 2);
            client.send(order("a4", Side.SELL, 40, 1));
            Message resent = client.next(LIVENESS);
            assertEquals("a3", resent.getString(ClOrdID.FIELD));
            assertTrue(resent.getHeader().getBoolean(PossDupFlag.FIELD), "a3 resent as a possible duplicate");
            assertEquals("a4", client.next(LIVENESS).getString(ClOrdID.FIELD));
            client.send(order("a5", Side.SELL, 50, 1));
            assertEquals("a5", client.next(LIVENESS).getString(ClOrdID.FIELD), "nothing else in between");
        }
        assertEquals(List.of("order a1", "order a2", "order a3", "order a4", "order a5"), deskInputs(dir.resolve("deploy/orders")));
    }
}
