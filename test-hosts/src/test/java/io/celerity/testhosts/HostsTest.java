package io.celerity.testhosts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostsTest {

    /** Liveness on a loaded machine, not speed: a JVM start, a connection, a signal taking effect. */
    private static final Duration LIVENESS = Duration.ofSeconds(120);
    private static final Pattern LISTENING = Pattern.compile("listening (\\d+) pid (\\d+)");

    @TempDir
    Path dir;

    /** Every test runs on namespaces (where the machine allows them) and on the loopback fallback. */
    enum Mode {
        NAMESPACES, LOOPBACK;

        Hosts open(String... names) {
            Hosts hosts = this == NAMESPACES ? Hosts.create(names) : Hosts.loopback(names);
            if (this == NAMESPACES && Machine.allowsNamespaces() && !Boolean.getBoolean(Hosts.LOOPBACK_PROPERTY))
                assertTrue(hosts.isolated(), "root on Linux with ip, yet " + hosts);
            return hosts;
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void hostsTalkOverTcpFromProcessesWithTheirRealPids(Mode mode) throws Exception {
        try (Hosts hosts = mode.open("a", "b")) {
            Host a = hosts.host("a");
            HostProcess server = a.startJava(dir.resolve("server.log"), EchoServer.class, a.address());
            MatchResult listening = server.awaitLine(LISTENING, LIVENESS);
            assertEquals(server.pid(), Long.parseLong(listening.group(2)), "the handle's pid is the JVM's own");

            HostProcess client = hosts.host("b").startJava(dir.resolve("client.log"), EchoClient.class,
                    a.address(), listening.group(1), "hello from b", "60000");
            assertEquals(0, client.awaitExit(LIVENESS), client.logText());
            client.awaitLine(Pattern.compile("^echo: hello from b$"), LIVENESS);

            if (hosts.isolated())
                assertThrows(BindException.class, () -> bindHere(a.address()),
                        "host a's address must not exist in the test JVM's own namespace");
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void linkDownCutsAHostOffAndLinkUpReconnectsIt(Mode mode, TestReporter reporter) throws Exception {
        try (Hosts hosts = mode.open("a", "b")) {
            Host a = hosts.host("a");
            if (!hosts.isolated()) {
                UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, a::linkDown);
                assertTrue(e.getMessage().contains("loopback"), e.getMessage());
                skipped(reporter, "link down/up not checked: " + e.getMessage());
                return;
            }
            HostProcess server = a.startJava(dir.resolve("server.log"), EchoServer.class, a.address());
            String port = server.awaitLine(LISTENING, LIVENESS).group(1);
            Host b = hosts.host("b");
            assertEquals(0, echo(b, a, port, "before", 60_000), "reachable before the cut");

            a.linkDown();
            assertEquals(2, echo(b, a, port, "during", 3_000), "a connection while a's link is down must fail");
            assertTrue(server.isAlive(), "cutting the link leaves the process running");

            a.linkUp();
            assertEquals(0, echo(b, a, port, "after", 60_000), "reachable again after the link is back");
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void stopContAndKill9ActOnTheRealChild(Mode mode, TestReporter reporter) throws Exception {
        try (Hosts hosts = mode.open("a")) {
            HostProcess sleep = hosts.host("a").exec(List.of("sleep", "600"), Map.of(), dir.resolve("sleep.log"));
            boolean proc = Files.exists(Path.of("/proc/self/status"));
            if (proc)
                awaitCommand(sleep.pid(), "sleep"); // ip netns exec execs sleep in place: same pid, new command
            else
                skipped(reporter, "no /proc here: which process the pid is, and its stopped state, not checked");

            sleep.stop();
            if (proc)
                awaitState(sleep.pid(), s -> s == 'T', "stopped");
            sleep.cont();
            if (proc)
                awaitState(sleep.pid(), s -> s != 'T', "running again");
            assertTrue(sleep.isAlive());

            sleep.kill9();
            assertEquals(137, sleep.awaitExit(LIVENESS), "killed by signal 9");
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void closeEndsEveryProcessItStartedAndDeletesItsNamespaces(Mode mode) throws Exception {
        List<Long> pids = new ArrayList<>();
        List<String> namespaces;
        Hosts hosts = mode.open("a", "b");
        try {
            Host a = hosts.host("a");
            HostProcess server = a.startJava(dir.resolve("server.log"), EchoServer.class, a.address());
            HostProcess stubborn = hosts.host("b").startJava(dir.resolve("stubborn.log"), Stubborn.class);
            HostProcess stopped = a.exec(List.of("sleep", "600"), Map.of(), dir.resolve("stopped.log"));
            HostProcess parent = hosts.host("b").exec(List.of("sh", "-c", "sleep 600 & echo orphan $!; wait"),
                    Map.of(), dir.resolve("parent.log"));
            server.awaitLine(LISTENING, LIVENESS);
            stubborn.awaitLine(Pattern.compile("stubborn pid"), LIVENESS);
            String orphan = parent.awaitLine(Pattern.compile("orphan (\\d+)"), LIVENESS).group(1);
            stopped.stop();
            awaitState(stopped.pid(), s -> s == 'T', "stopped");
            pids.addAll(List.of(server.pid(), stubborn.pid(), stopped.pid(), parent.pid(), Long.parseLong(orphan)));
            namespaces = hosts.network().namespaces();
            assertEquals(hosts.isolated() ? 3 : 0, namespaces.size(), "a switch and two hosts: " + namespaces);
        } finally {
            hosts.close();
        }

        for (long pid : pids)
            assertFalse(Teardown.alive(pid), "pid " + pid + " outlived close()");
        List<String> left = Ip.find().isPresent() && Machine.allowsNamespaces()
                ? Ip.find().get().namespaces() : List.of();
        for (String ns : namespaces)
            assertFalse(left.contains(ns), ns + " outlived close(): " + left);
        assertThrows(IllegalStateException.class,
                () -> hosts.host("a").exec(List.of("true"), Map.of(), dir.resolve("late.log")));
    }

    @Test
    void theSystemPropertyForcesLoopback() {
        System.setProperty(Hosts.LOOPBACK_PROPERTY, "true");
        try (Hosts hosts = Hosts.create("a", "b")) {
            assertFalse(hosts.isolated());
            assertEquals("127.0.0.1", hosts.host("a").address());
            assertTrue(hosts.toString().contains(Hosts.LOOPBACK_PROPERTY + "=true"), hosts.toString());
        } finally {
            System.clearProperty(Hosts.LOOPBACK_PROPERTY);
        }
    }

    @Test
    void namespaceHostsHaveDistinctAddressesOfTheLinkLocalRange(TestReporter reporter) {
        try (Hosts hosts = Hosts.create("a", "b")) {
            if (!hosts.isolated()) {
                skipped(reporter, "not checked without namespaces: " + hosts);
                return;
            }
            String a = hosts.host("a").address();
            String b = hosts.host("b").address();
            assertTrue(a.startsWith("169.254.") && b.startsWith("169.254."), a + " " + b);
            assertNotEquals(a, b);
        }
    }

    @Test
    void hostNamesAreChecked() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Hosts.loopback("a", "a")).getMessage()
                .contains("'a' named twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Hosts.loopback("a-b")).getMessage()
                .contains("'a-b'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Hosts.loopback("switch")).getMessage()
                .contains("'switch'"));
        try (Hosts hosts = Hosts.loopback("a")) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> hosts.host("z")).getMessage()
                    .contains("[a]"));
        }
    }

    private int echo(Host from, Host to, String port, String message, long deadlineMillis) throws Exception {
        HostProcess client = from.startJava(dir.resolve("client-" + message + ".log"), EchoClient.class,
                to.address(), port, message, Long.toString(deadlineMillis));
        int status = client.awaitExit(LIVENESS);
        client.awaitLine(Pattern.compile(status == 0 ? "^echo: " + message + "$" : "^unreachable: "), LIVENESS);
        return status;
    }

    private static void bindHere(String address) throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(address, 0));
        }
    }

    private static void awaitState(long pid, IntPredicate wanted, String what) throws Exception {
        long deadline = System.nanoTime() + LIVENESS.toNanos();
        char state = Machine.state(pid);
        while (!wanted.test(state) && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
            state = Machine.state(pid);
        }
        assertTrue(wanted.test(state), "pid " + pid + " not " + what + " within " + LIVENESS + ": state " + state);
    }

    private static void awaitCommand(long pid, String command) throws Exception {
        Path comm = Path.of("/proc", Long.toString(pid), "comm");
        long deadline = System.nanoTime() + LIVENESS.toNanos();
        String seen = Files.readString(comm).trim();
        while (!seen.equals(command) && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
            seen = Files.readString(comm).trim();
        }
        assertEquals(command, seen, "pid " + pid + " is " + seen + ", not " + command + ", after " + LIVENESS);
    }

    private static void skipped(TestReporter reporter, String what) {
        System.err.println("HostsTest: " + what);
        reporter.publishEntry("skipped", what);
    }
}
