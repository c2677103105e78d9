package io.celerity.internal.fix;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The marks of what a session handled move only with messages next to what it handled or wrote, and survive a
 * restart: a ResendRequest that Artio takes past a gap must not mark the messages of the gap handled (a kill torture
 * lost the 770 orders of such a gap).
 */
class InboundMarksTest {

    @TempDir
    Path stateDir;

    @Test
    void onlyMessagesNextToWhatWasHandledOrWrittenAreMarked() {
        try (InboundMarks marks = new InboundMarks(stateDir, new int[] {901, 902})) {
            GatewaySession session = session(marks, 1);
            session.handled(0, 1); // a Logon
            session.handled(0, 2); // a heartbeat
            session.handled(0, 2); // again
            assertEquals(2, session.lastSeen(0));
            session.handled(0, 7204); // a ResendRequest past a gap
            assertEquals(2, session.lastSeen(0), "not past a gap");
            session.written(0, 3); // an order on the queue
            session.handled(0, 3);
            session.handled(0, 4);
            assertEquals(4, session.lastSeen(0));
            session.handled(1, 1); // a new sequence
            assertEquals(1, session.lastSeen(1));
            assertEquals(0, session.lastSeen(0), "a sequence of before");
        }
        try (InboundMarks marks = new InboundMarks(stateDir, new int[] {901, 902})) {
            GatewaySession restarted = session(marks, 1);
            restarted.resumeHandled();
            assertEquals(1, restarted.lastSeen(1));
            GatewaySession other = session(marks, 0);
            other.resumeHandled();
            assertEquals(0, other.lastSeen(0), "each session its own mark");
        }
        try (InboundMarks marks = new InboundMarks(stateDir, new int[] {902, 901})) { // the sessions reordered
            GatewaySession moved = session(marks, 1);
            moved.resumeHandled();
            assertEquals(0, moved.lastSeen(1), "a slot that held another session's mark");
        }
    }

    private static GatewaySession session(InboundMarks marks, int slot) {
        GatewaySession session = new GatewaySession(new FixSessionConfig("C" + slot, "US", "C" + slot, 901 + slot), slot);
        session.marks = marks;
        return session;
    }
}
