package io.celerity.testing;

import io.celerity.config.ConfigException;
import io.celerity.config.StateRebuild;
import io.celerity.testing.fixtures.Greeter;
import io.celerity.testing.fixtures.OrderGateway;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import net.openhft.chronicle.core.io.IOTools;
import org.opentest4j.AssertionFailedError;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the harness behaves when tests are wrong, missing or being regressed. */
class HarnessBehaviourTest {

    private static final String ORDER = "# one good order\nnewOrder: { clOrdID: X1, symbol: VOD.L, side: BUY, quantity: 5, price: 70.0 }\n...\n";

    @TempDir
    Path root;

    private Path scenario(String in, String out) throws IOException {
        Path dir = Files.createDirectories(root.resolve("t"));
        Files.writeString(dir.resolve("in.yaml"), in);
        if (out != null)
            Files.writeString(dir.resolve("out.yaml"), out);
        return dir;
    }

    /** The tests of directory "t" under the temporary classpath root. */
    private List<DynamicTest> tests(Supplier<YamlTests> config) throws IOException {
        ClassLoader original = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[]{root.toUri().toURL()}, original)) {
            Thread.currentThread().setContextClassLoader(loader);
            return config.get().directories("t").tests().collect(Collectors.toList());
        } finally {
            Thread.currentThread().setContextClassLoader(original);
        }
    }

    private static YamlTests gateway() {
        return YamlTests.of(OrderGateway.class).settings(Map.of("maxQuantity", 100));
    }

    @Test
    void aWrongExpectedFileFailsWithAnExpectedAndActualTheIdeCanDiff() throws Throwable {
        scenario(ORDER, "# one good order\nreject: { clOrdID: X1, reason: nope }\n...\n");
        DynamicTest test = tests(HarnessBehaviourTest::gateway).get(0);
        assertEquals("t: one good order [DIRECT]", test.getDisplayName());
        AssertionFailedError e = assertThrows(AssertionFailedError.class, test.getExecutable());
        assertTrue(e.isExpectedDefined() && e.isActualDefined());
        assertEquals("# one good order\nreject: { clOrdID: X1, reason: nope }\n...\n", e.getExpected().getValue());
        assertTrue(e.getActual().getStringRepresentation().contains("ack: {"), e.getActual().getStringRepresentation());
    }

    @Test
    void aFailingQueueOrRestartTestShowsTheFirstDifferingLinesAndLeavesNoQueuesBehind() throws Throwable {
        scenario(ORDER, "# one good order\nreject: { clOrdID: X1, reason: nope }\n...\n");
        for (RunMode mode : List.of(RunMode.QUEUE, RunMode.RESTART)) {
            Set<Path> before = testQueueDirs();
            AssertionFailedError e = assertThrows(AssertionFailedError.class,
                    tests(() -> gateway().modes(mode)).get(0).getExecutable());
            assertTrue(e.getMessage().contains("@@ expected line 2, actual line 2 @@\n"
                    + "     1    1  # one good order\n"
                    + "-    2       reject: { clOrdID: X1, reason: nope }\n"
                    + "+         2  ack: {\n"), e.getMessage());
            assertTrue(e.isExpectedDefined() && e.isActualDefined(), "the IDE's diff needs both");
            assertEquals("# one good order\nreject: { clOrdID: X1, reason: nope }\n...\n", e.getExpected().getValue());
            assertEquals(before, testQueueDirs(), "queue directories left behind by the failed " + mode + " test");
        }
    }

    @Test
    void aRefusedDeploymentLeavesNoQueuesBehind() throws IOException {
        scenario(ORDER, null);
        Set<Path> before = testQueueDirs();
        DynamicTest test = tests(() -> YamlTests.of(OrderGateway.class).settings(Map.of("maxQuantit", 100))
                .modes(RunMode.QUEUE)).get(0);
        ConfigException e = assertThrows(ConfigException.class, test.getExecutable());
        assertTrue(e.getMessage().contains("unknown setting 'maxQuantit'"), e.getMessage());
        assertEquals(before, testQueueDirs());
    }

    @Test
    void aFailedTestKeepsItsQueuesWhenAskedAndSaysWhere() throws Throwable {
        scenario(ORDER, "# one good order\nreject: { clOrdID: X1, reason: nope }\n...\n");
        Set<Path> before = testQueueDirs();
        PrintStream console = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setProperty(TestQueueDir.KEEP_PROPERTY, "true");
        System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8)); // slf4j-simple logs to stderr
        try {
            assertThrows(AssertionFailedError.class, tests(() -> gateway().modes(RunMode.QUEUE)).get(0).getExecutable());
        } finally {
            System.setErr(console);
            System.clearProperty(TestQueueDir.KEEP_PROPERTY);
        }
        Set<Path> kept = testQueueDirs();
        kept.removeAll(before);
        assertEquals(1, kept.size(), "the failed test's queues, kept");
        Path dir = kept.iterator().next();
        try {
            assertTrue(Files.isDirectory(dir.resolve("out")), "its output queue");
            assertTrue(printed.toString(StandardCharsets.UTF_8).contains("kept the queues of failed test "
                    + "'t: one good order [QUEUE]' in " + dir), printed.toString(StandardCharsets.UTF_8));
        } finally {
            IOTools.deleteDirWithFiles(dir.toFile());
        }
    }

    /** This JVM's QUEUE/RESTART queue directories: named with its pid, so parallel builds do not disturb the count. */
    private static Set<Path> testQueueDirs() throws IOException {
        try (Stream<Path> all = Files.list(TestQueueDir.ROOT)) {
            return all.filter(p -> p.getFileName().toString().startsWith(TestQueueDir.PREFIX))
                    .collect(Collectors.toCollection(HashSet::new));
        }
    }

    @Test
    void aMissingExpectedFileFailsSayingHowToCreateIt() throws IOException {
        scenario(ORDER, null);
        AssertionFailedError e = assertThrows(AssertionFailedError.class, tests(HarnessBehaviourTest::gateway).get(0).getExecutable());
        assertTrue(e.getMessage().contains("t/out.yaml does not exist") && e.getMessage().contains("-Dregress.tests"),
                e.getMessage());
    }

    @Test
    void aKeptGeneratedTestWithoutExpectedFileFailsRatherThanBeingSkipped() throws Throwable {
        Path dir = scenario(ORDER, null);
        List<DynamicTest> all = regress(() -> tests(() -> gateway().agitate(Agitation.MISSING_FIELD)));
        Files.list(dir).filter(f -> f.getFileName().toString().startsWith("out-")).forEach(f -> f.toFile().delete());

        List<DynamicTest> generated = tests(() -> gateway().agitate(Agitation.MISSING_FIELD)).stream()
                .filter(t -> t.getDisplayName().contains("without")).collect(Collectors.toList());
        assertFalse(generated.isEmpty(), "missing fields make new rejections");
        assertEquals(all.size() - 1, generated.size());
        for (DynamicTest t : generated) {
            AssertionFailedError e = assertThrows(AssertionFailedError.class, t.getExecutable(), t.getDisplayName());
            assertTrue(e.getMessage().contains("out-missing-field-") && e.getMessage().contains("-Dregress.tests"),
                    e.getMessage());
        }
    }

    @Test
    void regressModeWritesTheExpectedFilesThenTheTestsPass() throws Throwable {
        Path dir = scenario(ORDER, "stale\n");
        List<DynamicTest> regressed = regress(() -> tests(() -> gateway().agitate(Agitation.MISSING_FIELD)));
        assertTrue(Files.readString(dir.resolve("out.yaml")).contains("ack: {"));
        assertTrue(Files.exists(dir.resolve("out-missing-field-1-clOrdID.yaml")));
        for (DynamicTest t : tests(() -> gateway().agitate(Agitation.MISSING_FIELD)))
            t.getExecutable().execute();
        assertEquals(regressed.size(), tests(() -> gateway().agitate(Agitation.MISSING_FIELD)).size());
    }

    @Test
    void regressModeStillFailsOnAnExceptionOfTheHarness() throws IOException {
        scenario("noSuchEvent: { a: 1 }\n...\n", null);
        DynamicTest test = tests(HarnessBehaviourTest::gateway).get(0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> regress(() -> {
            test.getExecutable().execute();
            return null;
        }));
        assertTrue(e.getMessage().contains("unknown event 'noSuchEvent'"), e.getMessage());
    }

    @Test
    void restartModeCatchesAStatefulComponentDeployedWithoutStateRebuild() throws Throwable {
        String in = "newOrder: { clOrdID: S1, symbol: VOD.L, side: BUY, quantity: 5, price: 70.0 }\n...\n"
                + "cancel: { clOrdID: S2, origClOrdID: S1 }\n...\n";
        scenario(in, null);
        regress(() -> tests(HarnessBehaviourTest::gateway)); // out.yaml from DIRECT: the cancel is accepted
        DynamicTest withoutRebuild = tests(() -> gateway().modes(RunMode.RESTART)).get(0);
        AssertionFailedError e = assertThrows(AssertionFailedError.class, withoutRebuild.getExecutable());
        assertTrue(e.getActual().getStringRepresentation().contains("unknown order S1"),
                "the restarted gateway forgot S1: " + e.getActual().getStringRepresentation());
        tests(() -> gateway().modes(RunMode.RESTART).rebuildState(StateRebuild.REPLAY_INPUTS)).get(0)
                .getExecutable().execute();
    }

    @Test
    void restartModeWithASnapshotAfterEveryInputCatchesASnapshotThatLeavesStateOut() throws Throwable {
        String in = "newOrder: { clOrdID: S1, symbol: VOD.L, side: BUY, quantity: 5, price: 70.0 }\n...\n"
                + "newOrder: { clOrdID: S2, symbol: VOD.L, side: SELL, quantity: 5, price: 70.0 }\n...\n"
                + "cancel: { clOrdID: S3, origClOrdID: S1 }\n...\n";
        scenario(in, null);
        regress(() -> tests(HarnessBehaviourTest::gateway));
        Supplier<YamlTests> restartedFromSnapshots = () -> gateway().modes(RunMode.RESTART)
                .rebuildState(StateRebuild.REPLAY_INPUTS);
        DynamicTest forgetful = tests(() -> restartedFromSnapshots.get().snapshot("writeNothing")).get(0);
        AssertionFailedError e = assertThrows(AssertionFailedError.class, forgetful.getExecutable());
        assertTrue(e.getActual().getStringRepresentation().contains("unknown order S1"),
                "restored from an empty snapshot, nothing replayed: " + e.getActual().getStringRepresentation());
        tests(() -> restartedFromSnapshots.get().snapshot("writeLiveOrders")).get(0).getExecutable().execute();
    }

    @Test
    void queueAndRestartTestsPassOverEncryptedQueuesSnapshotsIncluded() throws Throwable {
        String in = "newOrder: { clOrdID: S1, symbol: VOD.L, side: BUY, quantity: 5, price: 70.0 }\n...\n"
                + "cancel: { clOrdID: S2, origClOrdID: S1 }\n...\n";
        scenario(in, null);
        regress(() -> tests(HarnessBehaviourTest::gateway));
        for (DynamicTest test : tests(() -> gateway().modes(RunMode.QUEUE, RunMode.RESTART)
                .rebuildState(StateRebuild.REPLAY_INPUTS).snapshot("writeLiveOrders").encryptedQueues()))
            test.getExecutable().execute();
    }

    @Test
    void aComponentWithPersonalDataRunsThroughEncryptedQueuesWithoutBeingAsked() throws Throwable {
        scenario("greet: { account: A1, name: Alice }\n...\n", "greeted: {\n  account: A1,\n  name: Alice\n}\n...\n");
        for (DynamicTest test : tests(() -> YamlTests.of(Greeter.class).modes(RunMode.DIRECT, RunMode.QUEUE,
                RunMode.RESTART)))
            test.getExecutable().execute();
    }

    @Test
    void anEncryptedQueueRunLeavesNoPlaintextOfItsEventsOnDisk() throws IOException {
        TestSubject subject = TestSubject.of(OrderGateway.class, Map.of("maxQuantity", 100), StateRebuild.REPLAY_INPUTS,
                "writeLiveOrders", true);
        Path queues = Files.createDirectories(root.resolve("queues"));
        ActualOutput out = QueueRun.run(subject, queues, List.of(), YamlEvents.parse("in.yaml", ORDER), true);
        assertTrue(out.text().contains("X1"), "answered: " + out.text());
        byte[] orderId = "VOD.L".getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.walk(queues)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".cq4")).toList())
                assertEquals(-1, indexOf(Files.readAllBytes(f), orderId), "an order's symbol in the clear in " + f);
        }
    }

    private static int indexOf(byte[] in, byte[] wanted) {
        for (int i = 0; i + wanted.length <= in.length; i++)
            if (java.util.Arrays.equals(in, i, i + wanted.length, wanted, 0, wanted.length))
                return i;
        return -1;
    }

    @Test
    void aSnapshotWithoutStateRebuildIsRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> tests(() -> gateway().modes(RunMode.RESTART).snapshot("writeLiveOrders")));
        assertTrue(e.getMessage().contains("snapshot(\"writeLiveOrders\") needs rebuildState"), e.getMessage());
    }

    @Test
    void aDocumentWithTwoCallsIsRejectedNamingTheFileAndEvent() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> YamlEvents.parse("x/in.yaml", ORDER + "cancel: { clOrdID: a }\ncancel: { clOrdID: b }\n...\n"));
        assertTrue(e.getMessage().startsWith("x/in.yaml: event 2 holds more than one call"), e.getMessage());
    }

    @Test
    void eventsKeepTheCommentsAboveThem() {
        List<YamlEvent> events = YamlEvents.parse("in.yaml", "---\n# first\n# really\nnewOrder: {\n  clOrdID: a\n}\n...\n"
                + "\n# second\ncancel: { clOrdID: b }\n...\n");
        assertEquals(2, events.size());
        assertEquals("# first\n# really\n", events.get(0).comment());
        assertEquals("newOrder", events.get(0).method());
        assertEquals(Map.of("clOrdID", "a"), events.get(0).argument());
        assertEquals("# second\n", events.get(1).comment());
    }

    private static <T> T regress(ThrowingSupplier<T> action) throws Throwable {
        System.setProperty("regress.tests", "true");
        try {
            T result = action.get();
            if (result instanceof List)
                for (Object t : (List<?>) result)
                    ((DynamicTest) t).getExecutable().execute();
            return result;
        } finally {
            System.clearProperty("regress.tests");
        }
    }

    @FunctionalInterface
    private interface ThrowingSupplier<T> {
        T get() throws Throwable;
    }
}
