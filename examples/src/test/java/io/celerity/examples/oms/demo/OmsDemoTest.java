package io.celerity.examples.oms.demo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The main demo answers every request, and a second run resumes the queues with the OMS's state intact. */
class OmsDemoTest {

    // 4,000 requests: per 100, 78 new orders acknowledged, 10 replaced, 10 cancelled, 2 rejected.
    private static final String ANSWERS = "requests in 4,000   answers out 4,000: new 3,120, replaced 400, "
            + "canceled 400, rejected 80, cancel/replace rejected 0";

    @TempDir
    Path dir;

    @Test
    void answersEveryRequestAndResumesWithItsState() {
        String first = run("--rate", "2000", "--seconds", "2", "--warmup-seconds", "1", "--dir", dir.toString());
        assertTrue(first.contains(ANSWERS), first);
        assertTrue(first.contains("latency of the 2,000 answers"), first);
        assertTrue(first.contains("wire to wire"), first);

        // Duplicate client order ids or forgotten orders would show up as rejects here.
        String second = run("--rate", "2000", "--seconds", "2", "--warmup-seconds", "1", "--dir", dir.toString());
        assertTrue(second.contains("resuming: the queues already hold 4,000 requests"), second);
        assertTrue(second.contains(ANSWERS), "nothing replayed, nothing forgotten: " + second);

        String cleared = run("--rate", "2000", "--seconds", "1", "--dir", dir.toString(), "--clear");
        assertTrue(cleared.contains("cleared"), cleared);
        assertFalse(cleared.contains("resuming"), cleared);
    }

    private static String run(String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, new CommandLine(new OmsDemo()).execute(args));
        } finally {
            System.setOut(original);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
