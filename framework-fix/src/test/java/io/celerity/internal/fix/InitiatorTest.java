package io.celerity.internal.fix;

import io.celerity.config.CelerityConfig;
import io.celerity.fixtest.DeskDeployment;
import io.celerity.fixtest.QuickFixClient;
import io.celerity.host.ServiceHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.field.ClOrdID;
import quickfix.field.Side;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static io.celerity.internal.fix.QuickFixConversationTest.deskInputs;
import static io.celerity.internal.fix.QuickFixConversationTest.order;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A session the gateway initiates, against a QuickFIX/J acceptor (a venue): the gateway connects and logs on, and
 * again after the venue drops the connection and after a restart of its host, with the sequence numbers it had.
 */
class InitiatorTest {

    static final Duration LIVENESS = QuickFixConversationTest.LIVENESS;

    @TempDir
    Path dir;

    @Test
    void theGatewayLogsOnAndComesBackAfterADisconnectAndARestart() throws Exception {
        int port = DeskDeployment.freePort();
        Path yaml = DeskDeployment.writeInitiating(dir.resolve("deploy"), port);
        try (QuickFixClient venue = QuickFixClient.acceptor(port, DeskDeployment.VENUE, DeskDeployment.US,
                dir.resolve("venue")).start()) {
            try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml))) {
                venue.awaitLogon(LIVENESS);
                venue.send(order("v1", Side.BUY, 100, 10.5));
                assertEquals("v1", venue.next(LIVENESS).getString(ClOrdID.FIELD));

                venue.session().disconnect("the test drops the connection", false);
                venue.awaitLogon(LIVENESS); // the gateway connected again
                venue.send(order("v2", Side.SELL, 200, 10.5));
                assertEquals("v2", venue.next(LIVENESS).getString(ClOrdID.FIELD));
            }
            try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml))) {
                venue.awaitLogon(LIVENESS);
                venue.send(order("v3", Side.BUY, 300, 10.5));
                assertEquals("v3", venue.next(LIVENESS).getString(ClOrdID.FIELD));
            }
            // Three logons, three reports and a logout at least, on one sequence: never reset to 1.
            assertTrue(venue.session().getExpectedTargetNum() > 7,
                    "the venue expects " + venue.session().getExpectedTargetNum() + " next");
        }
        assertEquals(List.of("order v1", "order v2", "order v3"), deskInputs(dir.resolve("deploy/orders")));
    }
}
