package io.celerity.torture;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The failover pause: the longest gap between consecutive answers around a fault, not one before or after it. */
class OutputTimesTest {

    // Written every 1 ns up to 100, a pause to 900 (the failover), a backlog every 1 ns, then another long pause.
    private static final OutputTimes TIMES = new OutputTimes(new long[]{98, 99, 100, 900, 901, 902, 2_000});

    @Test
    void thePauseSpanningTheTakeoverIsFromTheLastAnswerBeforeItToTheFirstAfterIt() {
        assertEquals(800, TIMES.longestPauseNanos(150, 850), "a takeover logged at 500, give or take 350");
        assertEquals(800, TIMES.longestPauseNanos(99, 901), "a window that takes in one answer each side");
        assertEquals(1_098, TIMES.longestPauseNanos(150, 950), "a window that reaches into the next pause takes it");
    }

    @Test
    void pausesBeforeTheFaultOrAfterTheTakeoverDoNotCount() {
        assertEquals(1, TIMES.longestPauseNanos(900, 902), "after the takeover: only the backlog");
        assertEquals(1, TIMES.longestPauseNanos(97, 99), "before the fault");
    }

    @Test
    void noAnswerAfterTheFaultIsNoPause() {
        assertEquals(-1, TIMES.longestPauseNanos(2_000, 3_000));
    }
}
