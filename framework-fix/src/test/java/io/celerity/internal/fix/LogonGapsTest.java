package io.celerity.internal.fix;

import io.celerity.config.CelerityConfig;
import io.celerity.fixtest.DeskDeployment;
import io.celerity.fixtest.QuickFixClient;
import io.celerity.host.ServiceHost;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.Session;
import quickfix.field.ClOrdID;
import quickfix.field.MsgType;
import quickfix.field.Side;
import quickfix.field.TestReqID;
import quickfix.fix44.TestRequest;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static io.celerity.internal.fix.QuickFixConversationTest.deskInputs;
import static io.celerity.internal.fix.QuickFixConversationTest.isType;
import static io.celerity.internal.fix.QuickFixConversationTest.order;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A logon with gaps both ways, as a counterparty reconnecting to a standby brings it: the client sent messages nobody
 * took (the gateway asks for them, and QuickFIX/J's answer ends in a gap fill over its own Logon), and it lacks
 * messages the gateway sent (it asks for them at once, before it answers). The session must carry on after both.
 * And a logon with no gap after session messages came last (a TestRequest, the counterparty's Logout): the inbound
 * queue lacks them, as it holds application messages only, but the gateway handled them and asks for nothing again.
 */
class LogonGapsTest {

    static final Duration LIVENESS = QuickFixConversationTest.LIVENESS;

    @TempDir
    Path dir;
    private int port;
    private Path yaml;

    @BeforeEach
    void deploy() {
        port = DeskDeployment.freePort();
        yaml = DeskDeployment.write(dir.resolve("deploy"), port);
    }

    @Test
    void aLogonWithGapsBothWaysIsSettledAndTheSessionCarriesOn() throws Exception {
        try (QuickFixClient client = new QuickFixClient(port, DeskDeployment.CLIENT, DeskDeployment.US,
                dir.resolve("client"))) {
            try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml))) {
                client.start();
                client.awaitLogon(LIVENESS);
                client.send(order("b1", Side.BUY, 10, 1));
                client.send(order("b2", Side.BUY, 20, 1));
                assertEquals("b1", client.next(LIVENESS).getString(ClOrdID.FIELD));
                assertEquals("b2", client.next(LIVENESS).getString(ClOrdID.FIELD));
            }
            Session session = client.session();
            client.awaitLogout(LIVENESS); // the host's close logged the session out
            session.setNextSenderMsgSeqNum(session.getExpectedSenderNum() + 5);  // sent where nobody took them
            session.setNextTargetMsgSeqNum(session.getExpectedTargetNum() - 2);  // lost the last two received
            try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml))) {
                client.awaitLogon(LIVENESS);
                for (int i = 3; i <= 8; i++) // at once, while the gateway's resend is answered
                    client.send(order("b" + i, Side.SELL, 10 * i, 1));
                assertEquals("b2", client.next(LIVENESS).getString(ClOrdID.FIELD), "b2's report sent again");
                for (int i = 3; i <= 8; i++)
                    assertEquals("b" + i, client.next(LIVENESS).getString(ClOrdID.FIELD),
                            "the session carries on after the logon, in order");
                assertTrue(client.loggedOn(), "no MsgSeqNum sent twice (QuickFIX/J logs out on one)");
            }
        }
        assertEquals(List.of("order b1", "order b2", "order b3", "order b4", "order b5", "order b6", "order b7",
                "order b8"), deskInputs(dir.resolve("deploy/orders")));
    }

    @Test
    void sessionMessagesAfterTheLastOrderAreNotAskedForAgainAfterARestart() throws Exception {
        try (QuickFixClient client = new QuickFixClient(port, DeskDeployment.CLIENT, DeskDeployment.US,
                dir.resolve("client"))) {
            try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml))) {
                client.start();
                client.awaitLogon(LIVENESS);
                client.send(order("g1", Side.BUY, 10, 1));
                assertEquals("g1", client.next(LIVENESS).getString(ClOrdID.FIELD));
                client.send(new TestRequest(new TestReqID("still-there")));
                client.nextAdmin(m -> m.isSetField(TestReqID.FIELD), LIVENESS);
            }
            client.awaitLogout(LIVENESS); // the host's close logged the session out; the client's Logout answered
            client.takeAdmin();
            try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml))) {
                client.awaitLogon(LIVENESS);
                client.send(order("g2", Side.BUY, 20, 1)); // a sentinel: a ResendRequest would come before its report
                assertEquals("g2", client.next(LIVENESS).getString(ClOrdID.FIELD));
            }
            List<Message> resendRequests = client.takeAdmin().stream()
                    .filter(m -> isType(m, MsgType.RESEND_REQUEST)).toList();
            assertEquals(List.of(), resendRequests, "the gateway asked again for what it had handled");
        }
        assertEquals(List.of("order g1", "order g2"), deskInputs(dir.resolve("deploy/orders")));
    }
}
