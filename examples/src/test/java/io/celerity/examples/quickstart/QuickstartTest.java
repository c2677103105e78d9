package io.celerity.examples.quickstart;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QuickstartTest {

    @TempDir
    Path dir;

    /** Records what the checker emits, for direct calls without queues. */
    private static final class Verdicts implements CheckedQuoteListener {
        final List<String> seen = new java.util.ArrayList<>();

        @Override
        public void accepted(Quote quote) {
            seen.add("accepted");
        }

        @Override
        public void rejected(QuoteRejected rejected) {
            seen.add(rejected.reason);
        }
    }

    @Test
    void theCheckerRejectsCrossedEmptyAndWideQuotes() {
        CheckerSettings settings = new CheckerSettings();
        settings.maxSpread = 0.5;
        Verdicts verdicts = new Verdicts();
        QuoteChecker checker = new QuoteChecker(verdicts, settings);
        checker.quote(new Quote().set(1, 1.0, 1.1, 1, 0));
        checker.quote(new Quote().set(1, 1.1, 1.0, 1, 0));
        checker.quote(new Quote().set(1, 0, 1.0, 1, 0));
        checker.quote(new Quote().set(1, 1.0, 2.0, 1, 0));
        assertEquals(List.of("accepted", "crossed", "price not positive", "spread too wide"), verdicts.seen);
    }

    @Test
    void theDemoRunsAndASecondRunResumesTheSameQueues() {
        String first = run("--rate", "2000", "--seconds", "2", "--warmup-seconds", "1", "--dir", dir.resolve("data").toString());
        assertTrue(first.contains("quotes in 4,000   mid prices out 3,960   rejected 40"), first);
        assertTrue(first.contains("99.9%"), first);

        String second = run("--rate", "2000", "--seconds", "2", "--warmup-seconds", "1", "--dir", dir.resolve("data").toString());
        assertTrue(second.contains("resuming: the queues already hold 3,960 mid prices"), second);
        assertTrue(second.contains("quotes in 4,000   mid prices out 3,960   rejected 40"), "nothing replayed: " + second);

        String cleared = run("--rate", "2000", "--seconds", "2", "--dir", dir.resolve("data").toString(), "--clear");
        assertTrue(cleared.contains("cleared") && !cleared.contains("resuming"), cleared);
    }

    private static String run(String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, new CommandLine(new QuickstartDemo()).execute(args));
        } finally {
            System.setOut(original);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
