package io.celerity.testhosts;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names namespaces after their creation time and owning JVM, and deletes those a crashed run left: older than
 * {@link #MAX_AGE} and whose JVM is gone, so a long run elsewhere on the machine keeps its own.
 */
final class StaleNamespaces {

    static final String SWITCH = "switch";
    static final Duration MAX_AGE = Duration.ofMinutes(10);

    private static final Logger LOG = LoggerFactory.getLogger(StaleNamespaces.class);
    private static final Pattern NAME = Pattern.compile("celerity-(\\d+)-(\\d+)-(\\d+)-[A-Za-z0-9]+");

    private StaleNamespaces() {
    }

    /** The start of the names of one {@link Hosts}' namespaces: creation second, owning pid, sequence number. */
    static String prefix(Instant created, long pid, int sequence) {
        return "celerity-" + created.getEpochSecond() + "-" + pid + "-" + sequence + "-";
    }

    /** Kills what still runs in each stale namespace and deletes it; returns the names deleted. */
    static List<String> sweep(Ip ip, Instant now) throws IOException {
        List<String> deleted = new ArrayList<>();
        for (String name : ip.namespaces()) {
            if (!stale(name, now))
                continue;
            try {
                for (long pid : ip.pids(name))
                    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                ip.run("netns", "delete", name);
                deleted.add(name);
            } catch (IOException e) {
                LOG.warn("could not sweep stale namespace {} (another run may be sweeping it): {}", name, e.getMessage());
            }
        }
        if (!deleted.isEmpty())
            LOG.info("deleted namespaces left by crashed runs: {}", deleted);
        return deleted;
    }

    /** True for a name of ours, older than {@link #MAX_AGE}, whose JVM is gone. */
    static boolean stale(String name, Instant now) {
        Matcher m = NAME.matcher(name);
        if (!m.matches())
            return false;
        Instant created = Instant.ofEpochSecond(Long.parseLong(m.group(1)));
        return created.plus(MAX_AGE).isBefore(now) && !ownerAlive(Long.parseLong(m.group(2)), created);
    }

    /** Alive and started before the namespace was made; a later start means the pid was reused. */
    private static boolean ownerAlive(long pid, Instant created) {
        Optional<ProcessHandle> owner = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        return owner.isPresent() && owner.get().info().startInstant()
                .map(start -> !start.isAfter(created.plusSeconds(1))).orElse(true);
    }
}
