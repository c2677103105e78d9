package io.celerity.examples.oms.torture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A short crash torture: the three-process OMS killed at random still answers every request exactly once. */
class CrashTortureTest {

    @TempDir
    Path dir;

    @Test
    void killedServicesLoseNothingAndRepeatNothing() throws Exception {
        CrashTorture torture = new CrashTorture();
        new CommandLine(torture).parseArgs("--trials", "3", "--requests", "2000", "--max-kills", "2",
                "--dir", dir.toString());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CrashTorture.Summary summary = torture.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));

        String output = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, summary.lost(), output);
        assertEquals(0, summary.duplicated(), output);
        assertEquals(0, summary.unexpected(), output);
        assertEquals(0, summary.failed(), "no trial stuck or stopped uncleanly: " + output);
        assertTrue(output.contains("reference: 2,000 answers"), output);
        assertEquals(3, output.lines().filter(l -> l.startsWith("trial ") && l.contains("2,000 answers")).count(),
                output);
    }
}
