package io.celerity.internal.encryption;

import io.celerity.api.DataSubject;
import io.celerity.api.PersonalData;
import io.celerity.fixtures.ClientOrder;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What marks a message's personal data, and the mistakes in marking it that are refused, naming class and field. */
class PersonalFieldsTest {

    static class NoSubject {
        @PersonalData
        String name;
    }

    static class NumberAsPersonal {
        @DataSubject
        long account;
        @PersonalData
        long birthYear;
    }

    static class TwoSubjects {
        @DataSubject
        String account;
        @DataSubject
        String other;
        @PersonalData
        String name;
    }

    static class NumericSubject {
        @DataSubject
        long account;
        @PersonalData(forgotten = "?")
        String name;
    }

    @Test
    void aMessageWithoutPersonalDataHasNone() {
        assertNull(PersonalFields.of(String.class));
    }

    @Test
    void theSubjectAndThePersonalFieldsWithTheirReplacementsAreFound() {
        PersonalFields fields = PersonalFields.of(ClientOrder.class);
        assertEquals(1, fields.count());
        assertEquals("[forgotten]", fields.forgotten(0));
        assertEquals("ACC-1", fields.subjectOf(new ClientOrder().set("ACC-1", "Alice", 1)));
        NumericSubject numeric = new NumericSubject();
        numeric.account = 42;
        assertEquals("42", PersonalFields.of(NumericSubject.class).subjectOf(numeric), "a number as its text");
    }

    @Test
    void markingMistakesAreRefusedNamingTheClassAndField() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PersonalFields.of(NoSubject.class)).getMessage()
                .contains("NoSubject has @PersonalData fields but no @DataSubject field"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PersonalFields.of(NumberAsPersonal.class))
                .getMessage().contains("NumberAsPersonal.birthYear is @PersonalData but a long; expected a String"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PersonalFields.of(TwoSubjects.class))
                .getMessage().contains("a second @DataSubject"));
    }
}
