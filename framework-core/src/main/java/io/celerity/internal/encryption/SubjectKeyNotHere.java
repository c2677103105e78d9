package io.celerity.internal.encryption;

/**
 * A message's personal fields name a data subject whose key is not in this host's subjects queue yet, and was never
 * forgotten here: on a copy, the subjects queue may trail the queue of the message. Its reader leaves the message where
 * it is, to read it again once the key has arrived.
 */
public final class SubjectKeyNotHere extends RuntimeException {

    SubjectKeyNotHere(String subject, String queue) {
        super("data subject '" + subject + "' has no key in queue '" + queue + "' (yet): the message naming it is "
                + "read again once the key arrives");
    }
}
