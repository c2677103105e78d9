package io.celerity.testhosts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Ends processes (TERM, a grace period, then KILL), and closes every open {@link Hosts} when the JVM exits. */
final class Teardown {

    /** Liveness, not speed: how long a killed process may take to vanish on a loaded machine. */
    private static final Duration KILL_LIMIT = Duration.ofSeconds(60);

    private static final Set<Hosts> OPEN = ConcurrentHashMap.newKeySet();
    private static boolean hooked;

    private Teardown() {
    }

    /** Closes {@code hosts} at JVM exit if nothing closed it before (a test killed, or a forgotten close). */
    static synchronized void register(Hosts hosts) {
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(Teardown::closeAll, "hosts-teardown"));
            hooked = true;
        }
        OPEN.add(hosts);
    }

    static void unregister(Hosts hosts) {
        OPEN.remove(hosts);
    }

    private static void closeAll() {
        for (Hosts hosts : OPEN) {
            try {
                hosts.close();
            } catch (RuntimeException e) {
                System.err.println("hosts: teardown at exit incomplete: " + e);
            }
        }
    }

    /** SIGTERM (and SIGCONT, so a stopped one acts on it), SIGKILL after {@code grace}; returns pids still alive. */
    static List<Long> end(Collection<ProcessHandle> processes, Duration grace) throws InterruptedException {
        for (ProcessHandle p : processes) {
            p.destroy();
            try {
                Commands.signal(p.pid(), "CONT");
            } catch (IOException e) {
                // already gone
            }
        }
        awaitDeath(processes, grace);
        processes.stream().filter(p -> alive(p.pid())).forEach(ProcessHandle::destroyForcibly);
        return awaitDeath(processes, KILL_LIMIT);
    }

    private static List<Long> awaitDeath(Collection<ProcessHandle> processes, Duration limit)
            throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        List<Long> alive = living(processes);
        while (!alive.isEmpty() && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
            alive = living(processes);
        }
        return alive;
    }

    private static List<Long> living(Collection<ProcessHandle> processes) {
        List<Long> alive = new ArrayList<>();
        for (ProcessHandle p : processes)
            if (alive(p.pid()))
                alive.add(p.pid());
        return alive;
    }

    /** Alive and not a zombie: an orphan's exit status waits for whoever adopted it, but it runs no more. */
    static boolean alive(long pid) {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        if (!Files.exists(Path.of("/proc/self/status")))
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        try {
            return Files.readAllLines(status).stream().filter(l -> l.startsWith("State:"))
                    .map(l -> l.substring("State:".length()).trim().charAt(0)).noneMatch(state -> state == 'Z' || state == 'X');
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            return !Files.notExists(status);
        }
    }
}
