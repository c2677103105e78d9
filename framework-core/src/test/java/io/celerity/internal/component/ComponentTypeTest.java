package io.celerity.internal.component;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which classes are components: those implementing interfaces of events, not of queries; generic events refused. */
class ComponentTypeTest {

    public interface Quotes {
        void quote(String symbol);

        Venue venue(String name); // chains to an interface of the user's: still events
    }

    public interface Venue {
        void open();
    }

    public interface Contender { // answers: a query, not events
        String name();

        OptionalInt defaultRate();

        void start();
    }

    public interface Tasks {
        List<Thread> threads(String name); // a JDK interface: a query
    }

    public interface Chain<T> {
        void value(T value);
    }

    public interface GenericEvents {
        Chain<String> chain(String name);
    }

    public static final class QuoteService implements Quotes {
        @Override
        public void quote(String symbol) {
        }

        @Override
        public Venue venue(String name) {
            return null;
        }
    }

    public static final class ContenderImpl implements Contender, Tasks {
        @Override
        public String name() {
            return "x";
        }

        @Override
        public OptionalInt defaultRate() {
            return OptionalInt.empty();
        }

        @Override
        public void start() {
        }

        @Override
        public List<Thread> threads(String name) {
            return List.of();
        }
    }

    // Not public: the build-time generator scans public classes, and would refuse this one as the test expects.
    static final class GenericService implements GenericEvents {
        public GenericService() {
        }

        @Override
        public Chain<String> chain(String name) {
            return null;
        }
    }

    @Test
    void anInterfaceOfEventsChainingToAnotherMakesAComponent() {
        assertEquals(List.of(Quotes.class), ComponentType.of(QuoteService.class).inputInterfaces());
    }

    @Test
    void aClassImplementingOnlyQueriesIsNoComponent() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ComponentType.of(ContenderImpl.class));
        assertTrue(e.getMessage().contains("implements no input interface"), e.getMessage());
    }

    @Test
    void aGenericEventMethodIsRefusedByName() {
        ComponentType.GenericEventException e = assertThrows(ComponentType.GenericEventException.class,
                () -> ComponentType.of(GenericService.class));
        assertTrue(e.getMessage().contains(GenericEvents.class.getName() + ".chain returns "
                + ComponentTypeTest.class.getName() + "$Chain<java.lang.String>"), e.getMessage());
    }
}
