package io.celerity.internal.fix;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * While a session recovers, messages are taken strictly in MsgSeqNum order: the resent ones, a gap fill, and a new
 * one that overtook the resend, kept until its turn.
 */
class InboundRecoveryTest {

    private final GatewaySession session = new GatewaySession(new FixSessionConfig("C", "US", "C", 901), 0);
    private final InboundRecovery recovery = new InboundRecovery(new io.celerity.fixtest.codecs.FixDictionaryImpl());
    private final HeaderFields header = new HeaderFields();
    private final List<Integer> taken = new ArrayList<>();

    @Test
    void aNewOrderThatOvertakesTheResendWaitsForItsTurn() {
        session.recoverNext = 5;
        session.recoveryAsked = true;
        receive("35=D\u000134=9\u0001");                      // new, before the resend: kept
        receive("35=D\u000134=5\u000143=Y\u0001");            // resent
        receive("35=D\u000134=5\u000143=Y\u0001");            // resent twice: dropped
        receive("35=0\u000134=6\u000143=Y\u0001");            // a session message: passes the turn on
        receive("35=4\u000134=7\u000143=Y\u0001123=Y\u000136=9\u0001"); // gap fill to 9: the kept one's turn
        assertEquals(List.of(5, 9), taken);
        assertEquals(0, session.recoverNext, "a live order in turn, nothing kept: recovered");
    }

    @Test
    void aResetSequenceEndsTheRecoveryOfTheSequenceBefore() {
        session.recoverNext = 5;
        session.recoverSequenceIndex = 0;
        session.recoveryAsked = true;
        receive("35=D\u000134=9\u0001"); // kept for its turn
        recovery.onSequence(session, 0);
        assertEquals(5, session.recoverNext, "the same sequence: still recovering");
        recovery.onSequence(session, 1); // the counterparty logged on with ResetSeqNumFlag
        assertEquals(0, session.recoverNext, "what was asked for will not come");
        assertEquals(0, session.held.size(), "nothing of the sequence before is taken");
    }

    private void receive(String fix) {
        UnsafeBuffer buffer = new UnsafeBuffer(fix.getBytes(StandardCharsets.US_ASCII));
        header.scan(buffer, 0, buffer.capacity());
        if (recovery.inTurn(session, header, buffer, 0, buffer.capacity(), 0, 'D'))
            taken.add(header.msgSeqNum);
        for (InboundRecovery.Held held; (held = recovery.nextHeld(session)) != null; ) {
            header.scan(held.buffer(), 0, held.buffer().capacity());
            if (recovery.inTurn(session, header, held.buffer(), 0, held.buffer().capacity(), 0, 'D'))
                taken.add(header.msgSeqNum);
        }
    }
}
