package io.celerity.internal.events;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The events file format shared by YAML tests and celerity send: one call per document, numbered, with its line. */
class YamlEventFileTest {

    @Test
    void eachEventKnowsItsNumberLineAndComment() {
        List<EventText> events = YamlEventFile.parse("in.yaml", "---\n# first\nnote: {\n  text: a\n}\n...\n\n"
                + "# second\n# really\ntick: { seq: 2 }\n...\n");
        assertEquals(2, events.size());
        assertEquals(new EventText("# first\n", "note", Map.of("text", "a"), "note: {\n  text: a\n}\n", 1, 3),
                events.get(0));
        assertEquals("tick", events.get(1).method());
        assertEquals(2, events.get(1).number());
        assertEquals(10, events.get(1).line());
        assertEquals("# second\n# really\n", events.get(1).comment());
    }

    @Test
    void aDocumentThatIsNoCallNamesFileEventAndLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> YamlEventFile.parse("x.yaml", "note: { text: a }\n...\n\n- just a list\n...\n"));
        assertTrue(e.getMessage().startsWith("x.yaml: event 2 is not a method call (line 4) ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("; expected 'methodName: argument'"), e.getMessage());
    }
}
