package io.celerity.testing;

import io.celerity.config.StateRebuild;
import org.junit.jupiter.api.DynamicTest;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * YAML in/out tests of one component, as JUnit 5 dynamic tests.
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicTest> accounts() {
 *     return YamlTests.of(AccountService.class)
 *             .directories("accounts/open", "accounts/transfer")
 *             .modes(RunMode.DIRECT, RunMode.QUEUE)
 *             .agitate(Agitation.values())
 *             .tests();
 * }
 * }</pre>
 * Each directory holds {@code in.yaml}, the expected {@code out.yaml}, and optionally {@code setup.yaml}.
 */
public final class YamlTests {

    private final Class<?> componentClass;
    private Map<String, Object> settings = Map.of();
    private final List<String> directories = new ArrayList<>();
    private final Set<RunMode> modes = EnumSet.noneOf(RunMode.class);
    private final Set<Agitation> agitations = EnumSet.noneOf(Agitation.class);
    private boolean combinations;
    private StateRebuild rebuild = StateRebuild.NONE;
    private String snapshotMethod;
    private boolean encryptedQueues;

    private YamlTests(Class<?> componentClass) {
        this.componentClass = componentClass;
    }

    /** Tests of the component class, built as the runtime builds it (its constructor takes its output interfaces). */
    public static YamlTests of(Class<?> componentClass) {
        return new YamlTests(componentClass);
    }

    /** Values for the component's settings object, as under {@code settings:} in services.yaml. */
    public YamlTests settings(Map<String, Object> settings) {
        this.settings = Map.copyOf(settings);
        return this;
    }

    /**
     * How the deployed component rebuilds its state when QUEUE/RESTART runs start a host: use what production uses.
     * A stateful component needs {@link StateRebuild#REPLAY_INPUTS} to pass in RESTART mode.
     */
    public YamlTests rebuildState(StateRebuild rebuild) {
        this.rebuild = rebuild;
        return this;
    }

    /**
     * Has QUEUE/RESTART runs take a snapshot with the component's {@code method} after every input, as a
     * {@code snapshot:} in services.yaml would, so that every restart of RESTART mode gives the component its state
     * back from a snapshot alone. Needs a {@link #rebuildState} other than NONE.
     */
    public YamlTests snapshot(String method) {
        this.snapshotMethod = method;
        return this;
    }

    /**
     * Has QUEUE/RESTART runs encrypt every queue at rest, as {@code encryptionKey} in services.yaml would, with a key
     * made for the test run: what the component reads and writes is sealed on disk and opened again.
     */
    public YamlTests encryptedQueues() {
        this.encryptedQueues = true;
        return this;
    }

    /** The test directories, relative to the classpath root (i.e. under src/test/resources). */
    public YamlTests directories(String... directories) {
        this.directories.addAll(List.of(directories));
        return this;
    }

    /** How to run each test; DIRECT when none is given. */
    public YamlTests modes(RunMode... modes) {
        this.modes.addAll(List.of(modes));
        return this;
    }

    /** Also generate tests by these agitations, keeping those that produce an output no other test produces. */
    public YamlTests agitate(Agitation... agitations) {
        this.agitations.addAll(List.of(agitations));
        return this;
    }

    /** Also generate, for every ordered pair of directories, a test of A's input followed by B's. */
    public YamlTests combinations() {
        this.combinations = true;
        return this;
    }

    /**
     * The tests: every directory in every mode, then the kept generated tests (run directly).
     * Prints, per directory, how many tests were generated, kept and dropped.
     */
    public Stream<DynamicTest> tests() {
        if (snapshotMethod != null && rebuild == StateRebuild.NONE)
            throw new IllegalStateException("snapshot(\"" + snapshotMethod + "\") needs rebuildState(...) other than "
                    + "NONE: a snapshot alone would lose what the component did after it");
        TestSubject subject = TestSubject.of(componentClass, settings, rebuild, snapshotMethod,
                encryptedQueues);
        Set<RunMode> runModes = modes.isEmpty() ? EnumSet.of(RunMode.DIRECT) : modes;
        List<DynamicTest> tests = new ArrayList<>();
        List<Scenario> scenarios = new ArrayList<>();
        for (String dir : directories) {
            try {
                scenarios.add(Scenario.load(dir));
            } catch (RuntimeException e) {
                tests.add(dynamicTest(dir, () -> {
                    throw e;
                }));
            }
        }
        for (Scenario s : scenarios)
            for (RunMode mode : runModes)
                tests.add(dynamicTest(s.title() + " [" + mode + "]", () -> runAndVerify(subject, mode, s)));
        if (!agitations.isEmpty() || combinations)
            tests.addAll(generated(subject, scenarios));
        return tests.stream();
    }

    private static void runAndVerify(TestSubject subject, RunMode mode, Scenario s) {
        if (mode == RunMode.DIRECT) {
            Expectations.verify(s, "out.yaml", DirectRun.run(subject, s.setup(), s.events()).text());
            return;
        }
        try (TestQueueDir dir = TestQueueDir.create(s.title() + " [" + mode + "]")) {
            try {
                String actual = QueueRun.run(subject, dir.path(), s.setup(), s.events(), mode == RunMode.RESTART).text();
                Expectations.verify(s, "out.yaml", actual);
            } catch (RuntimeException | Error e) {
                dir.failed();
                throw e;
            }
        }
    }

    /** Runs every variant directly and keeps those whose output holds a message no earlier test produced. */
    private List<DynamicTest> generated(TestSubject subject, List<Scenario> scenarios) {
        Set<String> seen = new HashSet<>();
        for (Scenario s : scenarios)
            seen.addAll(messagesOf(subject, s.setup(), s.events()));
        List<DynamicTest> kept = new ArrayList<>();
        for (Scenario s : scenarios) {
            List<Variant> variants = new ArrayList<>(Agitator.variants(s, agitations));
            if (combinations)
                for (Scenario other : scenarios)
                    if (other != s)
                        variants.add(Agitator.combined(s, other, combinedName(other, scenarios)));
            int keptHere = 0;
            for (Variant v : variants) {
                ActualOutput out;
                try {
                    out = DirectRun.run(subject, v.setup(), v.events());
                } catch (RuntimeException e) {
                    keptHere++; // kept as a failing test: the harness could not run it
                    kept.add(dynamicTest(s.dir() + ", " + v.description() + " [DIRECT]", () -> {
                        throw e;
                    }));
                    continue;
                }
                if (!seen.containsAll(out.messages())) {
                    seen.addAll(out.messages());
                    keptHere++;
                    String text = out.text();
                    kept.add(dynamicTest(s.dir() + ", " + v.description() + " [DIRECT]",
                            () -> Expectations.verify(s, Expectations.fileFor(v.name()), text)));
                }
            }
            // Printed, not logged: a report the test run must show whatever the logging configuration.
            System.out.printf("yaml tests %s: generated %d, kept %d, dropped %d%n", s.dir(), variants.size(),
                    keptHere, variants.size() - keptHere);
        }
        return kept;
    }

    /** The last path segment of {@code b}, or its whole path when another scenario ends the same way. */
    private static String combinedName(Scenario b, List<Scenario> all) {
        String last = b.dir().substring(b.dir().lastIndexOf('/') + 1);
        boolean clash = all.stream().anyMatch(o -> o != b && (o.dir().equals(last) || o.dir().endsWith("/" + last)));
        return clash ? b.dir().replace('/', '-') : last;
    }

    private static Set<String> messagesOf(TestSubject subject, List<YamlEvent> setup, List<YamlEvent> events) {
        try {
            return new LinkedHashSet<>(DirectRun.run(subject, setup, events).messages());
        } catch (RuntimeException e) {
            return Set.of(); // the scenario's own test reports the problem
        }
    }
}
