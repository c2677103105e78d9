package io.celerity.config;

import io.celerity.fixtures.LimitedEcho;
import io.celerity.fixtures.SnapshottingCounter;
import io.celerity.fixtures.TickEcho;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Files that Chronicle's YAML reader would quietly misread, or whose mistakes it would report in its own terms, are
 * refused at the line of the mistake, naming the entry and key, in the file's terms.
 */
class ConfigSyntaxTest {

    private static final String QUEUES = "queues:\n  in: { path: q/in }\n  out: { path: q/out }\n"; // lines 1-3
    private static final String ECHO = "services:\n  echo:\n    implClass: " + TickEcho.class.getName() + "\n"; // 4-6

    @TempDir
    Path dir;

    /** Loads {@code text} from a file and expects it refused with exactly this location. */
    private ConfigException refused(String text, int line, String entry, String key, String... words) throws IOException {
        return refused(text.getBytes(StandardCharsets.UTF_8), line, entry, key, words);
    }

    private ConfigException refused(byte[] text, int line, String entry, String key, String... words) throws IOException {
        Path file = Files.write(dir.resolve("services.yaml"), text);
        ConfigException e = assertThrows(ConfigException.class, () -> CelerityConfig.load(file));
        String where = file + (line > 0 ? ":" + line : "") + ": " + entry + (key == null ? "" : ", key '" + key + "'");
        assertTrue(e.getMessage().startsWith(where + ": "), "expected '" + where + ": ...', was: " + e.getMessage());
        assertEquals(line, e.line(), e.getMessage());
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + w + "' missing from: " + e.getMessage());
        return e;
    }

    @Test
    void anEmptyFileIsRefusedRatherThanRunningNothingForever() throws IOException {
        refused("", 1, "top level", null, "the file is empty", "queues and services");
        refused("# just a comment\n\n", 1, "top level", null, "the file is empty");
        refused(QUEUES, 1, "top level", "services", "no services", "at least one");
    }

    @Test
    void anUnclosedBracketIsRefusedAtTheLineThatOpensIt() throws IOException {
        refused(QUEUES + ECHO + "    inputs: [ in\n    output: out\n", 7, "service 'echo'", "inputs",
                "the '[' opened here is not closed", "expected ']'");
        refused(QUEUES + ECHO + "    output: out\n    inputs: [ in\n", 8, "service 'echo'", "inputs", "not closed");
        refused("queues:\n  in: { path: q/in\n  out: { path: q/out }\n", 2, "queue 'in'", null, "'{' opened here");
        refused(QUEUES + ECHO + "    inputs: [ in }\n", 7, "service 'echo'", "inputs", "'}' closes the '['");
        refused(QUEUES + ECHO + "    inputs: [ in ]]\n", 7, "service 'echo'", "inputs", "']' after the closing bracket");
        refused(QUEUES + ECHO + "    inputs: ]\n", 7, "service 'echo'", "inputs", "']' closes nothing");
    }

    @Test
    void aBracketMayCloseOnAMoreIndentedLine() throws IOException {
        Path file = Files.writeString(dir.resolve("services.yaml"), QUEUES + ECHO
                + "    inputs: [\n      in ]\n    output: out\n");
        assertEquals(List.of("in"), CelerityConfig.load(file).services().get("echo").inputs());
        file = Files.writeString(dir.resolve("services.yaml"), QUEUES + ECHO
                + "    inputs: [\n      in\n    ]\n    output: out\n");
        assertEquals(List.of("in"), CelerityConfig.load(file).services().get("echo").inputs(), "closed as in JSON");
        refused(QUEUES + ECHO + "    inputs: [\n      in\n    output: out\n", 7, "service 'echo'", "inputs",
                "not closed");
    }

    @Test
    void aServiceReadingItsOwnOutputIsRefused() throws IOException {
        refused(QUEUES + ECHO + "    inputs: [ in ]\n    output: in\n", 8, "service 'echo'", "output",
                "queue 'in' is also read by this service (inputs [in])", "own outputs");
        refused(QUEUES + ECHO + "    inputs: [ in ]\n    control: out\n    output: out\n", 9, "service 'echo'",
                "output", "(control)");
    }

    @Test
    void aValueOfTheWrongShapeForASettingNamesTheSettingNotTheParser() throws IOException {
        String limited = QUEUES + "services:\n  echo:\n    implClass: " + LimitedEcho.class.getName()
                + "\n    inputs: [ in ]\n    output: out\n    settings:\n";
        ConfigException list = refused(limited + "      maxValue: 5\n      label:\n        - a\n        - b\n", 11,
                "service 'echo'", "settings.label", "setting 'label' is a list [a, b], which does not fit String",
                "expected a single value");
        assertFalse(list.getMessage().contains("SEQUENCE") || list.getMessage().contains("Unterminated"),
                list.getMessage());
        refused(limited + "      label: { a: b }\n", 10, "service 'echo'", "settings.label", "a mapping {a=b}");
        refused(limited + "      maxValue: 2.5\n", 10, "service 'echo'", "settings.maxValue", "expected a whole number");
    }

    @Test
    void anUnclosedQuoteIsRefusedWhereItOpens() throws IOException {
        refused(QUEUES + "services:\n  echo:\n    implClass: \"" + TickEcho.class.getName()
                + "\n    inputs: [ in ]\n    output: out\n", 6, "service 'echo'", "implClass",
                "the double quote (\") opened here is not closed");
        refused(QUEUES + "services:\n  echo:\n    implClass: '" + TickEcho.class.getName()
                + "\n    inputs: [ in ]\n    output: out\n", 6, "service 'echo'", "implClass", "single quote");
        Path file = Files.writeString(dir.resolve("ok.yaml"), QUEUES.replace("q/in", "'q/it''s [in]'")
                + ECHO + "    inputs: [ \"in\" ]\n    output: out # a comment with a ' quote\n");
        assertEquals(dir.resolve("q/it's [in]"), CelerityConfig.load(file).queues().get("in").path(),
                "quotes that close, an escaped quote, and a quote in a comment are fine");
        file = Files.writeString(dir.resolve("ok.yaml"), "queues:\n  in:\n    path: q/it's in\n"
                + QUEUES.substring(QUEUES.indexOf("  out")) + ECHO + "    inputs: [ in ]\n    output: out\n");
        assertEquals(dir.resolve("q/it's in"), CelerityConfig.load(file).queues().get("in").path(),
                "in a value that starts plain, a quote is text");
    }

    @Test
    void tabsAndBadIndentationAreRefusedAtTheirLine() throws IOException {
        refused(QUEUES + "services:\n  echo:\n\timplClass: x.Y\n", 6, "service 'echo'", "implClass",
                "a tab in the indentation");
        refused(QUEUES + ECHO + "      inputs: [ in ]\n    output: out\n", 7, "service 'echo'", "inputs",
                "indented deeper than the line above, which already has a value", "expected 4 spaces");
        refused(QUEUES + ECHO + "   inputs: [ in ]\n    output: out\n", 7, "service 'echo'", "inputs",
                "indented 3 spaces, which lines up with no block around it", "[0, 2, 4]");
    }

    @Test
    void aKeyWithNoValueIsRefused() throws IOException {
        refused(QUEUES + ECHO + "    inputs: [ in ]\n    output:\n", 8, "service 'echo'", "output", "no value");
        refused("queues:\n  in:\n  out: { path: q/out }\n", 2, "queue 'in'", null, "no value");
        refused("queues:\n  in: { path: }\n", 2, "queue 'in'", null, "key 'path' has no value");
    }

    @Test
    void theWrongKindOfValueIsRefusedAtItsLine() throws IOException {
        refused(QUEUES + ECHO + "    inputs:\n      a: in\n    output: out\n", 7, "service 'echo'", "inputs",
                "'{a=in}' is not a list");
        refused(QUEUES + ECHO + "    inputs: [ [ in ] ]\n    output: out\n", 7, "service 'echo'", "inputs",
                "item 1 is '[in]'; expected single values in a list of queue names");
        refused(QUEUES + ECHO + "    inputs: [ 42 ]\n    output: out\n", 7, "service 'echo'", "inputs",
                "unknown queue '42'");
        refused(QUEUES + "services: [ echo ]\n", 4, "top level", "services", "not a mapping of names to entries");
        refused(QUEUES + "services:\n  echo: some text\n", 5, "service 'echo'", null, "expected a mapping of keys");
    }

    @Test
    void typeTagsAnchorsAndOtherYamlThisFileDoesNotUseAreRefused() throws IOException {
        refused(QUEUES + ECHO + "    inputs: [ in ]\n    output: !com.example.Missing out\n", 8, "service 'echo'",
                "output", "a type tag ('!')");
        refused(QUEUES + ECHO + "    inputs: &mine [ in ]\n", 7, "service 'echo'", "inputs", "an anchor or alias");
        refused(QUEUES + "---\n" + QUEUES, 4, "top level", null, "a second document");
        refused("- queues\n", 1, "top level", null, "a list at the top");
        refused(QUEUES + "services\n", 4, "top level", null, "'services' is not a 'key: value' line");
        refused("queues:\n  in: { path: q/in } extra\n", 2, "queue 'in'", null, "'extra' after the closing bracket");
        refused(QUEUES + ECHO + "    inputs: [ in ]\n    output: out: again\n", 8, "service 'echo'", "output",
                "a second ': ' on the line");
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedAtTheirLine() throws IOException {
        byte[] latin1 = (QUEUES + ECHO + "    inputs: [ in ]\n    output: out # caf\u00e9\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        refused(latin1, 8, "file", null, "byte 0xE9 is not UTF-8");
    }

    @Test
    void aHugeFileIsRefusedBeforeItIsRead() throws IOException {
        String comment = "# " + "x".repeat(97) + "\n";
        refused(QUEUES + comment.repeat(11_000) + ECHO, 0, "file", null, "expected a services.yaml of at most 1048576");
    }

    @Test
    void validationErrorsPointAtTheKeyInTheFile() throws IOException {
        String counter = QUEUES + "  snaps: { path: q/snaps }\nservices:\n  echo:\n    implClass: "
                + SnapshottingCounter.class.getName() + "\n    inputs: [ in ]\n    output: out\n"
                + "    rebuildState: REPLAY_INPUTS\n";
        refused(counter + "    snapshot:\n      queue: snapz\n      method: writeCounts\n      everyInputs: 10\n", 12,
                "service 'echo'", "snapshot.queue", "unknown queue 'snapz'");
        refused(counter + "    snapshot:\n      queue: snaps\n      method: writeCounts\n", 11, "service 'echo'",
                "snapshot.everyInputs", "at least one");
        refused("hostId: 7\nmonitoring:\n  httpPort: 70000\n" + QUEUES + ECHO + "    inputs: [ in ]\n    output: out\n",
                3, "top level", "monitoring.httpPort", "out of range");
    }
}
