package io.celerity.internal.fix;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The journal a restart and a resend request read: what it noted survives reopening, per session and sequence. */
class SentMessageJournalTest {

    @TempDir
    Path dir;

    @Test
    void whatWasNotedIsThereAfterReopening() {
        try (SentMessageJournal journal = new SentMessageJournal(dir, 2)) {
            journal.sending(1, 0, 7, 0x5130000000aL, 1);
            journal.sending(1, 0, 8, 0x5130000000aL, 2);
            journal.sending(1, 0, 9, SentMessageJournal.NO_EVENT, 0); // a Reject
        }
        try (SentMessageJournal journal = new SentMessageJournal(dir, 2)) {
            assertEquals(9, journal.mayHaveSent(1, 0));
            assertEquals(0, journal.mayHaveSent(1, 1), "a later sequence has sent nothing");
            assertEquals(0, journal.mayHaveSent(0, 0), "the other session has sent nothing");
            assertEquals(0x5130000000aL, journal.lastEvent(1), "a Reject is no event to carry on in");
            assertEquals(2, journal.lastOrdinal(1));
            assertTrue(journal.holdsEvent(1, 0, 7));
            assertEquals(0x5130000000aL, journal.event(1, 7));
            assertEquals(1, journal.ordinal(1, 7));
            assertFalse(journal.holdsEvent(1, 0, 9), "the Reject");
            assertFalse(journal.holdsEvent(1, 1, 7), "another sequence's 7");
            assertFalse(journal.holdsEvent(1, 0, 7 + SentMessageJournal.RING), "the ring's slot of 7 holds 7");
            assertEquals(0, journal.lastOrdinal(0));
        }
    }
}
