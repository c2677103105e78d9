package io.celerity.internal.component;

import io.celerity.fixtures.Envelope;
import io.celerity.fixtures.EnvelopeOpener;
import io.celerity.fixtures.Note;
import io.celerity.fixtures.Recorder;
import io.celerity.fixtures.Tick;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The types a component's messages may name: event parameters and, through their fields, what they nest. */
class MessageTypesTest {

    @Test
    void eventParametersAndTheTypesOfTheirFields() {
        assertEquals(Set.of(Envelope.class, String.class, Note.class), ComponentType.of(EnvelopeOpener.class).messageTypes());
    }

    @Test
    void everyInputInterfaceCounts() {
        assertEquals(Set.of(Note.class, String.class, Tick.class), ComponentType.of(Recorder.class).messageTypes());
    }
}
