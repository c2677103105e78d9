package io.celerity.internal.schema;

import io.celerity.internal.yaml.YamlException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.celerity.internal.schema.DtoSource.f;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The build's decisions on a schema file: record, keep, refuse (saying where, what and in which order to upgrade). */
class SchemaCheckTest {

    @TempDir
    static Path dir;
    private static TwoVersions versions;

    @BeforeAll
    static void compile() {
        // "added": a binary field appended with a presence check (compatible both ways); "retyped": a field's type changed.
        versions = TwoVersions.compile(dir, List.of(
                new DtoSource("s.added", true, List.of(f("long", "id")), List.of("BUY", "SELL"), "order"),
                new DtoSource("s.retyped", false, List.of(f("long", "id"), f("String", "ref")), List.of(), "order")
        ), List.of(
                new DtoSource("s.added", true, List.of(f("long", "id"), DtoSource.appended("int", "venue")),
                        List.of("BUY", "SELL"), "order"),
                new DtoSource("s.retyped", false, List.of(f("long", "id"), f("long", "ref")), List.of(), "order")));
    }

    private static SchemaOfClasses.Read first(String pkg) {
        return SchemaOfClasses.of(1, List.of(versions.first(pkg + ".Orders")));
    }

    private static SchemaOfClasses.Read second(String pkg) {
        return SchemaOfClasses.of(1, List.of(versions.second(pkg + ".Orders")));
    }

    @Test
    void aProjectWithoutAFileGetsItsMessagesAsVersionOneAndTheFileReadsBackTheSame() throws Exception {
        Path file = dir.resolve("first.yaml");
        SchemaCheck.Outcome outcome = SchemaCheck.check(null, first("s.added"), null, file);
        assertFalse(outcome.refused());
        outcome.file().write(file);
        SchemaFile read = SchemaFile.read(file);
        assertEquals(1, read.versions().size());
        assertTrue(read.latest().sameMessagesAs(first("s.added").schema()), Files.readString(file));
        assertEquals(SchemaFile.Required.FULL, read.required());
        assertNull(SchemaCheck.check(read, first("s.added"), null, file).file(), "unchanged messages, unchanged file");
    }

    @Test
    void aCompatibleChangeIsRecordedAsTheNextVersionListingWhatChanged() throws Exception {
        Path file = dir.resolve("compatible.yaml");
        SchemaFile.first(file, first("s.added").schema()).write(file);
        SchemaCheck.Outcome outcome = SchemaCheck.check(SchemaFile.read(file), second("s.added"), null, file);
        assertFalse(outcome.refused(), outcome.message());
        assertTrue(outcome.message().contains("recorded version 2") && outcome.message().contains("fields-appended"),
                outcome.message());
        outcome.file().write(file);
        assertEquals(2, SchemaFile.read(file).versions().size());
    }

    @Test
    void anIncompatibleChangeIsRefusedNamingFileLineDtoFieldRuleAndTheSafeOrderAndNothingIsWritten() throws Exception {
        Path file = dir.resolve("incompatible.yaml");
        SchemaFile.first(file, first("s.retyped").schema()).write(file);
        String before = Files.readString(file);
        SchemaCheck.Outcome outcome = SchemaCheck.check(SchemaFile.read(file), second("s.retyped"), null, file);
        assertTrue(outcome.refused());
        assertNull(outcome.file());
        int line = List.of(before.split("\n")).indexOf("      s.retyped.Order:") + 1;
        assertTrue(outcome.message().contains(file + ":" + line + ": s.retyped.Order.ref: field-type-changed: was "
                + "text, now long"), outcome.message());
        assertTrue(outcome.message().contains("Safe upgrade order: none while older data is read"), outcome.message());
        assertTrue(outcome.message().contains("-Dcelerity.schema.break="), outcome.message());
        assertEquals(before, Files.readString(file));
    }

    @Test
    void aDeliberateBreakIsRecordedAndLaterVersionsAreNotCheckedAgainstWhatCameBeforeIt() throws Exception {
        Path file = dir.resolve("break.yaml");
        SchemaFile.first(file, first("s.retyped").schema()).write(file);
        SchemaCheck.Outcome broke = SchemaCheck.check(SchemaFile.read(file), second("s.retyped"), "ref is a number now",
                file);
        assertFalse(broke.refused());
        broke.file().write(file);
        SchemaFile after = SchemaFile.read(file);
        assertEquals("ref is a number now", after.latest().breakReason());
        assertNull(SchemaCheck.check(after, second("s.retyped"), null, file).file());
    }

    @Test
    void backwardOnlyFilesDoNotRequireOldCodeToReadNewData() throws Exception {
        // An enum constant added: new code reads old data, old code cannot read the new constant.
        SchemaFile file = new SchemaFile(SchemaFile.Required.BACKWARD, List.of(enumSchema("BUY SELL").as(1, null)),
                SchemaFile.Lines.none("f"));
        SchemaCheck.Outcome backward = SchemaCheck.check(file, new SchemaOfClasses.Read(enumSchema("BUY SELL SHORT"),
                java.util.Map.of()), null, Path.of("f"));
        assertFalse(backward.refused(), backward.message());
        SchemaFile full = new SchemaFile(SchemaFile.Required.FULL, file.versions(), file.lines());
        SchemaCheck.Outcome refused = SchemaCheck.check(full, new SchemaOfClasses.Read(enumSchema("BUY SELL SHORT"),
                java.util.Map.of()), null, Path.of("f"));
        assertTrue(refused.refused());
        assertTrue(refused.message().contains("e.Side.SHORT: enum-constant-added") && refused.message()
                .contains("Safe upgrade order: readers first"), refused.message());
    }

    @Test
    void twoFieldsOfABinaryDtoSwappedAreAChangeAndRefused() {
        java.util.Map<String, String> written = new java.util.LinkedHashMap<>();
        written.put("bid", "double");
        written.put("ask", "double");
        java.util.Map<String, String> swapped = new java.util.LinkedHashMap<>();
        swapped.put("ask", "double");
        swapped.put("bid", "double");
        MessageSchema before = quoteSchema(written), after = quoteSchema(swapped);
        assertFalse(before.sameMessagesAs(after), "the order of a binary DTO's fields is its layout");
        SchemaCheck.Outcome refused = SchemaCheck.check(new SchemaFile(SchemaFile.Required.FULL, List.of(before),
                SchemaFile.Lines.none("f")), new SchemaOfClasses.Read(after, java.util.Map.of()), null, Path.of("f"));
        assertTrue(refused.refused() && refused.message().contains("q.Quote.ask: fields-reordered"), refused.message());
    }

    private static MessageSchema quoteSchema(java.util.Map<String, String> fields) {
        return new MessageSchema(1, null, new java.util.TreeMap<>(java.util.Map.of("q.Quotes",
                new java.util.TreeMap<>(java.util.Map.of("quote", "q.Quote")))), new java.util.TreeMap<>(java.util.Map.of(
                "q.Quote", DtoShape.ofFields(DtoShape.Kind.BINARY, fields))));
    }

    private static MessageSchema enumSchema(String constants) {
        return new MessageSchema(1, null, new java.util.TreeMap<>(java.util.Map.of("e.Orders",
                new java.util.TreeMap<>(java.util.Map.of("side", "e.Side")))), new java.util.TreeMap<>(java.util.Map.of(
                "e.Side", DtoShape.ofEnum(List.of(constants.split(" "))))));
    }

    /** Events whose message is any object: its wire form depends on the class of each message. */
    public interface Unclassifiable {
        void expires(Object anything);
    }

    @Test
    void aMessageTypeTheCheckCannotClassifyIsRefusedNamingTheInterfaceAndEvent() {
        SchemaOfClasses.UnclassifiableType e = assertThrows(SchemaOfClasses.UnclassifiableType.class,
                () -> SchemaOfClasses.of(1, List.of(Unclassifiable.class)));
        assertTrue(e.getMessage().startsWith(Unclassifiable.class.getName() + ".expires: java.lang.Object is no type"),
                e.getMessage());
    }

    @Test
    void aFileEditedIntoNonsenseIsRefusedNamingFileLineAndKey() throws Exception {
        Path file = dir.resolve("nonsense.yaml");
        SchemaFile.first(file, first("s.retyped").schema()).write(file);
        Files.writeString(file, Files.readString(file).replace("kind: self-describing", "kind: protobuf"));
        YamlException e = assertThrows(YamlException.class, () -> SchemaFile.read(file));
        assertEquals("kind", e.key());
        assertTrue(e.line() > 0 && e.getMessage().startsWith(file + ":" + e.line() + ": version 1, DTO s.retyped.Order"),
                e.getMessage());

        Files.writeString(file, Files.readString(file).replace("kind: protobuf", "kind: self-describing")
                .replace("  1:", "  3:"));
        YamlException numbering = assertThrows(YamlException.class, () -> SchemaFile.read(file));
        assertTrue(numbering.getMessage().contains("expected 1"), numbering.getMessage());

        Files.writeString(file, Files.readString(file).replace("  3:", "  1:").replace("compatibility: FULL",
                "compatibility: SOMETIMES"));
        YamlException compatibility = assertThrows(YamlException.class, () -> SchemaFile.read(file));
        assertTrue(compatibility.getMessage().contains("'SOMETIMES' is no compatibility; expected FULL, BACKWARD, "
                + "FORWARD or NONE") && compatibility.line() == 4, compatibility.getMessage());
    }
}
