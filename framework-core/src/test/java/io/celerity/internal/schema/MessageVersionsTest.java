package io.celerity.internal.schema;

import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.celerity.internal.schema.DtoSource.appended;
import static io.celerity.internal.schema.DtoSource.f;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each rule of {@link Compatibility} on a first and a second version of a DTO, self-describing and binary: the
 * verdict, and that the verdict is right, with each version compiled into a class loader of its own and reading the
 * other's real queue.
 */
class MessageVersionsTest {

    /**
     * @param backward whether the second version should read the first's data
     * @param forward  whether the first should read the second's
     * @param rule     the rule the change falls under
     */
    record Case(String name, boolean binary, DtoSource first, DtoSource second, String rule, boolean backward,
                boolean forward) {
        String pkg() {
            return MessageVersionsTest.pkg(name, binary);
        }

        @Override
        public String toString() {
            return name + (binary ? " (binary)" : " (self-describing)");
        }
    }

    private static final List<String> SIDES = List.of("BUY", "SELL");
    private static final List<String> MORE_SIDES = List.of("BUY", "SELL", "SHORT");

    @TempDir
    static Path dir;
    private static TwoVersions versions;

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (boolean binary : new boolean[]{false, true}) {
            cases.add(of("field-added", binary, List.of(f("long", "id"), f("double", "price")),
                    List.of(f("long", "id"), f("double", "price"), appended("long", "qty")), List.of(), List.of(),
                    "order", "order", binary ? "fields-appended" : "field-added", true, true));
            cases.add(of("field-removed", binary, List.of(f("long", "id"), f("double", "price"), f("long", "qty")),
                    List.of(f("long", "id"), f("double", "price")), List.of(), List.of(), "order", "order",
                    binary ? "trailing-fields-removed" : "field-removed", true, !binary));
            cases.add(of("fields-reordered", binary, List.of(f("long", "id"), f("double", "price"), f("long", "qty")),
                    List.of(f("long", "id"), f("long", "qty"), f("double", "price")), List.of(), List.of(), "order",
                    "order", "fields-reordered", !binary, !binary));
            cases.add(of("field-type-changed", binary, List.of(f("long", "id"), f("String", "ref"), f("long", "qty")),
                    List.of(f("long", "id"), f("long", "ref"), f("long", "qty")), List.of(), List.of(), "order",
                    "order", "field-type-changed", false, false));
            cases.add(of("enum-constant-added", binary, List.of(f("long", "id"), f("Side", "side")),
                    List.of(f("long", "id"), f("Side", "side")), SIDES, MORE_SIDES, "order", "order",
                    "enum-constant-added", true, false));
            cases.add(of("enum-constant-removed", binary, List.of(f("long", "id"), f("Side", "side")),
                    List.of(f("long", "id"), f("Side", "side")), MORE_SIDES, SIDES, "order", "order",
                    "enum-constant-removed", false, true));
            cases.add(of("event-renamed", binary, List.of(f("long", "id")), List.of(f("long", "id")), List.of(),
                    List.of(), "order", "placeOrder", "event-renamed", false, false));
        }
        // A binary field appended but read whether present or not: older data, which ends before it, fails to read.
        cases.add(of("appended-without-presence-check", true, List.of(f("long", "id"), f("double", "price")),
                List.of(f("long", "id"), f("double", "price"), f("long", "qty")), List.of(), List.of(), "order",
                "order", "appended-without-presence-check", false, true));
        return cases;
    }

    private static Case of(String name, boolean binary, List<DtoSource.F> first, List<DtoSource.F> second,
                           List<String> firstSides, List<String> secondSides, String firstEvent, String secondEvent,
                           String rule, boolean backward, boolean forward) {
        String pkg = pkg(name, binary);
        return new Case(name, binary, new DtoSource(pkg, binary, first, firstSides, firstEvent),
                new DtoSource(pkg, binary, second, secondSides, secondEvent), rule, backward, forward);
    }

    private static QueueVerification.Result verify(Path queueDir, Class<?> orders) {
        try (ChronicleQueue queue = ChronicleQueue.singleBuilder(queueDir).readOnly(true).build()) {
            return new QueueVerification(List.of(orders)).verify(queue.createTailer());
        }
    }

    private static boolean misreads(QueueVerification.Result result) {
        return result.problems().values().stream().anyMatch(p -> p.kind().misread());
    }

    /** The incompatible changes reading alone cannot see, in one direction. */
    private static boolean startCheckBlind(Case c, boolean backward) {
        return c.rule().equals("event-renamed") || c.binary() && c.rule().equals("fields-reordered")
                || c.binary() && c.rule().equals("field-type-changed")
                || !backward && !c.binary() && c.rule().equals("field-type-changed");
    }

    private static String pkg(String name, boolean binary) {
        return "v." + name.replace('-', '_') + (binary ? ".binary" : ".text");
    }

    @BeforeAll
    static void compileBothVersions() {
        versions = TwoVersions.compile(dir, cases().stream().map(Case::first).toList(),
                cases().stream().map(Case::second).toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theVerdictOfEachRuleIsWhatReadingTheOtherVersionsQueueShows(Case c) throws Exception {
        Class<?> first = versions.first(c.pkg() + ".Orders"), second = versions.second(c.pkg() + ".Orders");
        SchemaOfClasses.Read read = SchemaOfClasses.of(2, List.of(second));
        List<Change> changes = Compatibility.changes(SchemaOfClasses.of(1, List.of(first)).schema(), read.schema(),
                (dto, writes) -> BinaryLayout.readsOlderData(read.classes().get(dto), writes));

        assertTrue(changes.stream().anyMatch(ch -> ch.rule().equals(c.rule())), c + ": " + changes);
        boolean backward = changes.stream().allMatch(Change::backward);
        boolean forward = changes.stream().allMatch(Change::forward);
        assertEquals(List.of(c.backward(), c.forward()), List.of(backward, forward), c + ": " + changes);

        Path firstQueue = dir.resolve(c.pkg() + "-first"), secondQueue = dir.resolve(c.pkg() + "-second");
        TwoVersions.write(firstQueue, first, c.first().event());
        TwoVersions.write(secondQueue, second, c.second().event());
        Map<String, Object> secondReadsFirst = TwoVersions.read(firstQueue, second);
        Map<String, Object> firstReadsSecond = TwoVersions.read(secondQueue, first);
        assertEquals(backward, TwoVersions.readsTheSame(secondReadsFirst, first),
                c + ": the second version read the first's queue as " + secondReadsFirst);
        assertEquals(forward, TwoVersions.readsTheSame(firstReadsSecond, second),
                c + ": the first version read the second's queue as " + firstReadsSecond);

        // celerity schema verify: the first version's queue read back with the second's classes. A removed field is
        // compatible, but its values in the queue are dropped: verify reports that. Binary fields of the same size
        // swapped read back byte for byte: only the build's layout check sees that.
        QueueVerification.Result backwardVerified = verify(firstQueue, second);
        QueueVerification.Result forwardVerified = verify(secondQueue, first);
        assertEquals(1, backwardVerified.documents());
        boolean sameBytes = c.binary() && c.rule().equals("fields-reordered");
        assertEquals(backward && !c.rule().contains("removed") || sameBytes, backwardVerified.readsTheSame(),
                c + ": " + backwardVerified);

        // The start check refuses only a misreading: never a direction the rules call compatible, and every other
        // one but those reading alone cannot tell from a compatible change: a renamed event (skipped, as another
        // service's event is), binary fields re-read as others over the same bytes (a same-size swap, a field narrowed
        // at the end, whose stored bytes the class leaves unread as old code leaves newer appended fields), and a
        // number read into a text field (Chronicle reads 1234 as "1234").
        assertTrue(backward != misreads(backwardVerified) || !backward && startCheckBlind(c, true),
                c + ": start check of the second version on the first's queue: " + backwardVerified);
        assertTrue(forward != misreads(forwardVerified) || !forward && startCheckBlind(c, false),
                c + ": start check of the first version on the second's queue: " + forwardVerified);
    }
}
