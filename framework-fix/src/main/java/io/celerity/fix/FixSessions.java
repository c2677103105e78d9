package io.celerity.fix;

import uk.co.real_logic.artio.builder.Encoder;

/**
 * Sends FIX messages on a gateway's sessions; taken by the constructor of the class that maps the outbound queue's
 * events to FIX messages (it implements the queue's event interfaces, as a service does its inputs). Called on the
 * gateway's loop while an event is handled; a message is sent at most once per event and session, also when the
 * session was back-pressured or the host restarted in between.
 */
public interface FixSessions {

    /**
     * Sends {@code message} on the session the event being handled answers: the one whose message is the first source
     * of the event's message history (e.g. the NewOrderSingle an ExecutionReport answers). Nothing is sent for an
     * event no session's message led to.
     */
    void reply(Encoder message);

    /** Sends {@code message} on session {@code session} (its name in {@code services.yaml}), e.g. a fill for a resting order. */
    void send(String session, Encoder message);
}
