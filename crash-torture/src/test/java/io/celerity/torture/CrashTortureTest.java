package io.celerity.torture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A short crash torture: the three-process OMS killed at random still answers every request exactly once. */
class CrashTortureTest {

    private static final int REQUESTS = 2_000;
    private static final long SNAPSHOT_EVERY = 300;
    private static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1");

    @TempDir(cleanup = CleanupMode.ON_SUCCESS) // a failed trial's queues and logs stay, as its report says
    Path dir;

    @Test
    void killedServicesLoseNothingAndRepeatNothing() throws Exception {
        CrashTorture torture = new CrashTorture();
        new CommandLine(torture).parseArgs("--trials", "2", "--requests", String.valueOf(REQUESTS), "--max-kills", "2",
                "--snapshot-every", String.valueOf(SNAPSHOT_EVERY), "--dir", dir.toString());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CrashTorture.Summary summary = torture.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));

        String output = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, summary.lost(), output);
        assertEquals(0, summary.duplicated(), output);
        assertEquals(0, summary.unexpected(), output);
        assertEquals(0, summary.failed(), "no trial stuck or stopped uncleanly: " + output);
        assertTrue(output.contains("reference: 2,000 answers"), output);
        assertEquals(2, output.lines().filter(l -> l.startsWith("trial ") && l.contains("2,000 answers")).count(),
                output);
    }

    @Test
    void restartsAfterSnapshotsLoadTheNewestAndAnswerAsTheReference() throws Exception {
        Trial.Result reference = Trial.run(dir.resolve("reference"), REQUESTS, SNAPSHOT_EVERY, JVM_OPTIONS, List.of(),
                null);
        // Each kill comes after the victim's first snapshot (300 inputs), so every restart has one to load; each of
        // these kills waits for its victim to be up, and the trial drains only once every restart is up and rebuilt.
        List<Kill> kills = List.of(new Kill(1, Kill.When.OUTPUTS, 700), new Kill(2, Kill.When.MID_SNAPSHOT, 2),
                new Kill(2, Kill.When.OUTPUTS, 1_700));
        Trial.Result trial = Trial.run(dir.resolve("trial"), REQUESTS, SNAPSHOT_EVERY, JVM_OPTIONS, kills,
                reference.reports());

        assertEquals(new OmsReports.Difference(REQUESTS, 0, 0, 0), trial.difference());
        assertEquals(List.of(), trial.problems());
        assertEquals(0, reference.restores(), "nothing to load at the first start");
        assertEquals(kills.size(), trial.restores(), "each restart loaded a snapshot");
    }
}
