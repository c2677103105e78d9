package io.celerity.torture;

import org.junit.jupiter.api.Test;

import java.text.SimpleDateFormat;
import java.util.Date;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A takeover's time read from its log line, as slf4j-simple writes it with the hosts' options, on nanoTime. */
class PrimaryWatchTest {

    private final PrimaryWatch watch = new PrimaryWatch("order-manager", "reports");

    @Test
    void aLineLoggedNowIsTimedNowToTheMillisecond() {
        // the format the hosts are given (PrimaryWatch.LOG_TIME_OPTIONS), as slf4j-simple applies it
        String option = PrimaryWatch.LOG_TIME_OPTIONS.get(1);
        String format = option.substring(option.indexOf('=') + 1);
        long before = System.nanoTime();
        String line = new SimpleDateFormat(format).format(new Date()) + " [pipeline] INFO ServiceRunner - "
                + "order-manager: took over as primary: 12 output(s) taken back while standing by; the last 3 ms";
        long after = System.nanoTime();
        long logged = watch.loggedNanos(line, -1);
        assertTrue(logged > before - 20_000_000 && logged < after + 20_000_000,
                "logged " + logged + " between " + before + " and " + after + " give or take the millisecond");
    }

    @Test
    void aLineWithoutATimeIsTimedWhenSeen() {
        assertEquals(42, watch.loggedNanos("[pipeline] INFO ServiceRunner - order-manager: took over as primary", 42));
    }

    @Test
    void aCandidateIsEligibleFromTheClustersConfirmationUntilItsWithdrawal() {
        PrimaryWatch.Followed primary = new PrimaryWatch.Followed(java.nio.file.Path.of("c.log"));
        primary.declared("b caught up at index 512e000003e0; declared eligible");
        assertFalse(primary.eligible.contains("b"), "asked, not yet confirmed");
        primary.declared("b confirmed eligible by the cluster; it may take over");
        assertTrue(primary.eligible.contains("b"));
        primary.declared("b came back holding less (index 512e00000010, was 512e000003e0); declared ineligible, the "
                + "other sinks wait until the cluster confirms");
        assertFalse(primary.eligible.contains("b"));
        primary.declared("b confirmed eligible by the cluster; it may take over");
        assertTrue(primary.eligible.contains("b"), "eligible again");
        primary.declared("b acknowledged nothing for 1000 ms while behind (at index 512e00000010); declared "
                + "ineligible, the other sinks wait until the cluster confirms");
        assertFalse(primary.eligible.contains("b"));
    }
}
