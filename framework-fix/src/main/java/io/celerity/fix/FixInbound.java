package io.celerity.fix;

/**
 * Maps the application messages of a gateway's FIX sessions to events on its inbound queue. Implemented by the user
 * as plain code over the decoders Artio generated from their dictionary; its public constructor takes the interface
 * of the queue's events (the gateway gives it a generated writer), as a service's takes its output. Called on the
 * gateway's loop, one message at a time, never for a message already written (a resend of one is dropped before).
 */
public interface FixInbound {

    /**
     * One application message, to be written as events on the inbound queue (each written event carries the session
     * and the message's MsgSeqNum as its source).
     *
     * @return false when this mapping takes no messages of this type: the gateway answers a BusinessMessageReject
     *         (unsupported message type), counts it and reports it on its errors queue
     */
    boolean onMessage(FixMessage message);
}
