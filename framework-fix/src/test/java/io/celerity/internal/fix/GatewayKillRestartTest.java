package io.celerity.internal.fix;

import io.celerity.fixtest.DeskDeployment;
import io.celerity.fixtest.DeskHost;
import io.celerity.fixtest.QuickFixClient;
import io.celerity.fixtures.ChildJvm;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.ClOrdID;
import quickfix.field.PossDupFlag;
import quickfix.field.PossResend;
import quickfix.field.Side;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static io.celerity.internal.fix.QuickFixConversationTest.deskInputs;
import static io.celerity.internal.fix.QuickFixConversationTest.order;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real crash of the gateway's host mid-flow: SIGKILL while a QuickFIX/J counterparty sends orders, a new process on
 * the same directories, the session logging on again: the counterparty a client (the gateway accepts) or a venue (the
 * gateway connects). Every order reaches the desk once, and every report reaches the
 * client, none of them twice as new: a report the client asks for again comes again with PossResend=Y, as the FIX
 * session protocol allows, after Artio's gap fill of the range asked for.
 */
class GatewayKillRestartTest {

    private static final Logger LOG = LoggerFactory.getLogger(GatewayKillRestartTest.class);
    static final Duration LIVENESS = Duration.ofSeconds(120);
    /** Kills in one flow: 1 in the build; a torture with {@code -Dfix.torture.kills=20}. */
    static final int KILLS = Integer.getInteger("fix.torture.kills", 1);
    static final int KILL_EVERY_REPORTS = 300;
    static final int ORDERS = KILL_EVERY_REPORTS * (KILLS + 4);

    @TempDir(cleanup = CleanupMode.ON_SUCCESS) // a failure leaves the host's and the client's logs to read
    Path dir;

    /** @param initiated whether the gateway initiates the session (the counterparty a venue) or accepts it (a client) */
    @ParameterizedTest(name = "initiated: {0}")
    @ValueSource(booleans = {false, true})
    void aKilledGatewayLosesNoOrderAndSendsNoReportTwiceAsNew(boolean initiated) throws Exception {
        try {
            killMidFlow(initiated);
        } catch (AssertionError e) {
            Path log = dir.resolve("host.log");
            throw new AssertionError(e.getMessage() + "\nfiles in " + dir + "\nhost log:\n" + (Files.exists(log) ? Files.readString(log) : ""), e);
        }
    }

    private void killMidFlow(boolean initiated) throws Exception {
        int port = DeskDeployment.freePort();
        Path yaml = initiated ? DeskDeployment.writeInitiating(dir.resolve("deploy"), port)
                : DeskDeployment.write(dir.resolve("deploy"), port);
        Path log = dir.resolve("host.log");
        ChildJvm host = startHost(yaml, log);
        Map<String, int[]> reports = new HashMap<>(); // clOrdId -> {as new, as possible duplicate or resend}
        try (QuickFixClient client = (initiated ? QuickFixClient.acceptor(port, DeskDeployment.VENUE, DeskDeployment.US,
                dir.resolve("client")) : new QuickFixClient(port, DeskDeployment.CLIENT, DeskDeployment.US,
                dir.resolve("client"))).start()) {
            client.awaitLogon(LIVENESS);
            AtomicInteger sent = new AtomicInteger();
            Thread sender = new Thread(() -> sendOrders(client, sent), "orders");
            sender.start();
            for (int kill = 1; kill <= KILLS; kill++) {
                while (total(reports) < kill * KILL_EVERY_REPORTS)
                    count(client.next(LIVENESS), reports);
                host.kill();
                host = startHost(yaml, log);
            }
            sender.join(LIVENESS.toMillis());
            assertEquals(ORDERS, sent.get(), "the client sent every order");
            client.awaitLogon(LIVENESS);
            client.send(order("last", Side.BUY, 1, 1)); // a sentinel: its report comes after every other
            while (!reports.containsKey("last"))
                count(client.next(LIVENESS), reports);
        } finally {
            host.terminate(); // not killed: a killed gateway leaves its Aeron directory in /dev/shm
        }
        List<String> desk = deskInputs(dir.resolve("deploy/orders"));
        List<String> lost = new java.util.ArrayList<>();
        for (int i = 1; i <= ORDERS; i++) {
            int[] r = reports.get("o" + i);
            if (r == null)
                lost.add("o" + i + (desk.contains("order o" + i) ? " (the desk took it)" : " (the desk did not)"));
            else
                assertTrue(r[0] <= 1, "report of o" + i + " sent " + r[0] + " times as new");
        }
        long again = reports.values().stream().mapToLong(r -> r[1]).sum();
        String hostLog = Files.readString(dir.resolve("host.log"));
        LOG.info("fix torture ({}): {} kill(s), {} orders: {} lost, {} reports resent as possible duplicates or resends; "
                        + "{} acquisition(s) asked the client again, {} went on past what Artio counted sent",
                initiated ? "initiated" : "accepted", KILLS, ORDERS, lost.size(), again, occurrences(hostLog, "asking again from"),
                occurrences(hostLog, "may have reached the wire"));
        assertEquals(List.of(), lost, "reports lost");
        assertEquals(ORDERS + 1, desk.size(), "orders the desk took");
        assertEquals(ORDERS + 1, desk.stream().distinct().count(), "an order taken twice");
    }

    static ChildJvm startHost(Path yaml, Path log) throws Exception {
        long before = Files.exists(log) ? Files.readString(log).split(DeskHost.STARTED, -1).length : 1;
        ChildJvm host = ChildJvm.start(log, DeskHost.class.getName(), yaml.toString());
        long end = System.nanoTime() + LIVENESS.toNanos();
        while (Files.readString(log).split(DeskHost.STARTED, -1).length == before) {
            if (!host.isAlive() || System.nanoTime() > end)
                throw new AssertionError("the host did not start; log:\n" + host.logText());
            Thread.sleep(20);
        }
        return host;
    }

    /** At about a thousand orders a second (paced, so a kill falls mid-flow); QuickFIX/J keeps what it sends while disconnected and resends it. */
    private static void sendOrders(QuickFixClient client, AtomicInteger sent) {
        for (int i = 1; i <= ORDERS; i++) {
            client.session().send(order("o" + i, Side.BUY, i, 1));
            sent.incrementAndGet();
            if (i % 10 == 0)
                pause();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void count(Message report, Map<String, int[]> reports) throws Exception {
        boolean again = flag(report, PossDupFlag.FIELD) || flag(report, PossResend.FIELD);
        reports.computeIfAbsent(report.getString(ClOrdID.FIELD), k -> new int[2])[again ? 1 : 0]++;
    }

    private static boolean flag(Message m, int tag) throws Exception {
        return m.getHeader().isSetField(tag) && m.getHeader().getBoolean(tag);
    }

    private static int occurrences(String text, String wording) {
        return text.split(wording, -1).length - 1;
    }

    private static int total(Map<String, int[]> reports) {
        return reports.size();
    }
}
