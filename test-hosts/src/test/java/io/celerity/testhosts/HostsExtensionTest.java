package io.celerity.testhosts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** Runs fixture classes with the JUnit launcher to see when a registered {@link Hosts} is closed. */
class HostsExtensionTest {

    private static final List<Hosts> SEEN = new CopyOnWriteArrayList<>();

    @Test
    void aStaticFieldIsSharedByTheClassesTestsAndClosedAfterThem() {
        SEEN.clear();
        run(ClassScoped.class);
        assertEquals(2, SEEN.size());
        assertTrue(SEEN.get(0) == SEEN.get(1), "one Hosts for the class");
        assertTrue(SEEN.get(0).isClosed(), "closed after the class");
        assertTrue(SEEN.get(0).network().namespaces().isEmpty());
    }

    @Test
    void anInstanceFieldIsClosedAfterEachTest() {
        SEEN.clear();
        run(InstanceScoped.class);
        assertEquals(2, SEEN.size());
        assertNotSame(SEEN.get(0), SEEN.get(1));
        assertTrue(SEEN.get(0).isClosed() && SEEN.get(1).isClosed());
    }

    private static void run(Class<?> fixture) {
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(fixture))
                .build(), listener);
        TestExecutionSummary summary = listener.getSummary();
        StringWriter failures = new StringWriter();
        summary.printFailuresTo(new PrintWriter(failures), 20);
        assertEquals(2, summary.getTestsSucceededCount(), failures.toString());
    }

    private static void seen(Hosts hosts) {
        assertFalse(hosts.isClosed(), "open during the test");
        SEEN.add(hosts);
    }

    static class ClassScoped {
        @RegisterExtension
        static final Hosts HOSTS = Hosts.create("a", "b");

        @Test
        void one() {
            seen(HOSTS);
        }

        @Test
        void two() {
            seen(HOSTS);
        }
    }

    static class InstanceScoped {
        @RegisterExtension
        final Hosts hosts = Hosts.loopback("a");

        @Test
        void one() {
            seen(hosts);
        }

        @Test
        void two() {
            seen(hosts);
        }
    }
}
