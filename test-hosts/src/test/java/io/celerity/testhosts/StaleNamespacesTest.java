package io.celerity.testhosts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StaleNamespacesTest {

    private static final Instant NOW = Instant.now();
    private static final Instant LONG_AGO = NOW.minus(Duration.ofHours(1));

    @Test
    void staleMeansOursOldAndOwnedByAGoneJvm() throws Exception {
        long dead = deadPid();
        long self = ProcessHandle.current().pid();
        assertTrue(StaleNamespaces.stale(StaleNamespaces.prefix(LONG_AGO, dead, 1) + "a", NOW));
        assertTrue(StaleNamespaces.stale(StaleNamespaces.prefix(LONG_AGO, self, 1) + "a", NOW),
                "this JVM started after that namespace was made: its pid was reused");
        assertFalse(StaleNamespaces.stale(StaleNamespaces.prefix(NOW.minusSeconds(60), dead, 1) + "a", NOW),
                "younger than " + StaleNamespaces.MAX_AGE);
        Instant started = ProcessHandle.current().info().startInstant().orElseThrow();
        assertFalse(StaleNamespaces.stale(StaleNamespaces.prefix(started, self, 1) + "a",
                started.plus(Duration.ofHours(2))), "a long run's own namespaces stay while it lives");
        assertFalse(StaleNamespaces.stale("celerity-something-else", NOW), "not named by Hosts");
    }

    @Test
    void sweepDeletesOnlyStaleNamespaces(TestReporter reporter) throws Exception {
        if (!Machine.allowsNamespaces()) {
            System.err.println("StaleNamespacesTest: sweep not checked: no network namespaces here");
            reporter.publishEntry("skipped", "sweep not checked: no network namespaces here");
            return;
        }
        Ip ip = Ip.find().orElseThrow();
        long dead = deadPid();
        String stale = StaleNamespaces.prefix(LONG_AGO, dead, 1) + "a";
        String young = StaleNamespaces.prefix(NOW, dead, 1) + "a";
        ip.run("netns", "add", stale);
        ip.run("netns", "add", young);
        try {
            List<String> deleted = StaleNamespaces.sweep(ip, NOW); // a parallel run's sweep may have beaten it
            assertFalse(deleted.contains(young), deleted.toString());
            List<String> left = ip.namespaces();
            assertFalse(left.contains(stale));
            assertTrue(left.contains(young));
        } finally {
            for (String ns : ip.namespaces())
                if (ns.equals(stale) || ns.equals(young))
                    ip.run("netns", "delete", ns);
        }
    }

    /** The pid of a process that has exited (reuse within the test is beyond unlikely). */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        assertEquals(0, p.waitFor());
        return p.pid();
    }
}
