package io.celerity.internal.operations;

import io.celerity.internal.dispatch.ServiceCounters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The status file is read back as written, whatever the text of its reason. */
class StatusFileTest {

    @TempDir
    Path dir;

    @Test
    void aReasonWithNewlinesQuotesAndBackslashesRoundTrips() throws Exception {
        String reason = "disk nearly full: \"/data\" has 1 MB left\nsecond line\twith a tab, a \\ and: a colon\n"
                + "# not a comment, 'single' quotes, {braces}, [brackets]";
        Map<String, Object> status = writeAndRead("stopped", reason);
        assertEquals(reason, status.get("reason"));
        assertEquals("stopped", status.get("state"));
        assertEquals("echo", status.get("service"));
        assertEquals(ProcessHandle.current().pid(), ((Number) status.get("pid")).longValue());
        assertEquals(0L, ((Number) status.get("handlerErrors")).longValue());
    }

    /** Lines a YAML reader could take for a document's end or start, a carriage return, and blank lines. */
    @Test
    void aReasonWithYamlMarkersOnItsOwnLinesRoundTrips() throws Exception {
        for (String reason : new String[]{"first\n...\nafter the end marker", "first\n---\nnext: document",
                "windows\r\nline end", "  indented\n\n  blank line before  ", "trailing newline\n", "ends with \\",
                "bell \u0007 backspace \b nul \u0000 end", "unicode: \u00e9\u2028\u4e2d", "\"", "\n"})
            assertEquals(reason, writeAndRead("stopped", reason).get("reason"));
    }

    @Test
    void withoutAReasonThereIsNoReasonKey() throws Exception {
        Map<String, Object> status = writeAndRead("running", null);
        assertFalse(status.containsKey("reason"), status.toString());
        assertEquals("running", status.get("state"));
    }

    private Map<String, Object> writeAndRead(String state, String reason) throws Exception {
        Path file = dir.resolve("celerity-echo.status.yaml");
        StatusFile.write(file, new ServiceCounters("echo"), state, reason);
        // One line per key: the reason's line breaks escaped, as any YAML reader (and grep) takes them
        List<String> lines = Files.readAllLines(file);
        assertEquals(reason == null ? 11 : 12, lines.size(), String.join("\n", lines));
        return StatusFile.read(file).orElseThrow();
    }
}
