package io.celerity.internal.cluster;

import io.celerity.testhosts.Host;
import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Three cluster members, each a {@link MemberMain} process on a host of its own, and what their logs say. */
final class RunningCluster {

    /** Liveness, not speed: JVMs starting and electing on a loaded 2-core machine. */
    static final Duration START_LIMIT = Duration.ofMinutes(3);
    /** Liveness, not speed: a takeover measured below a second when quiet, allowed 30 s when loaded. */
    static final Duration TAKEOVER_LIMIT = Duration.ofSeconds(30);
    private static final Pattern STATUS = Pattern.compile("^status member=(\\w+) (.*) at=(-?\\d+)$", Pattern.MULTILINE);
    private static final int BASE_PORT = 23100; // +10 per member: distinct even on the loopback fallback

    private final Hosts hosts;
    private final Path dir;
    private final String spec;
    private final Map<String, HostProcess> members = new LinkedHashMap<>();
    private final List<HostProcess> everStarted = new ArrayList<>(); // for the lease record: killed ones too

    RunningCluster(Hosts hosts, Path dir) {
        this.hosts = hosts;
        this.dir = dir;
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < hosts.all().size(); i++) {
            Host h = hosts.all().get(i);
            entries.add(h.name() + "=" + h.address() + ":" + (BASE_PORT + 10 * i));
        }
        spec = String.join(",", entries);
    }

    /** Starts every member; returns once each process runs (not yet elected). */
    RunningCluster startAll() throws Exception {
        for (Host h : hosts.all())
            start(h.name());
        return this;
    }

    void start(String name) throws Exception {
        Host host = hosts.host(name);
        HostProcess p = host.startJava(dir.resolve(name + "-" + System.nanoTime() + ".log"), MemberMain.class,
                spec, name, dir.resolve(name).toString());
        members.put(name, p);
        everStarted.add(p);
        p.awaitLine(Pattern.compile("member " + name + " started"), START_LIMIT);
    }

    HostProcess process(String name) {
        return members.get(name);
    }

    /** A member other than {@code excluded} that held the lease at or after {@code sinceNanos}; waits for one. */
    LeaseRecord.Extension awaitHolder(String excluded, long sinceNanos, Duration limit) throws InterruptedException {
        return awaitExtension(limit, "member " + (excluded == null ? "" : "but " + excluded + " ") + "held the lease",
                e -> !e.member().equals(excluded) && e.at() >= sinceNanos && e.holdsFrom() < e.until());
    }

    /** The lease extension in force now (its member holds the lease now); waits for one. */
    LeaseRecord.Extension awaitCurrentHolder(Duration limit) throws InterruptedException {
        return awaitExtension(limit, "member held the lease at a moment it was looked for", e -> {
            long now = System.nanoTime();
            return e.holdsFrom() <= now && now < e.until();
        });
    }

    private LeaseRecord.Extension awaitExtension(Duration limit, String what, Predicate<LeaseRecord.Extension> wanted)
            throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<LeaseRecord.Extension> first = LeaseRecord.extensions(everStarted).stream().filter(wanted)
                    .min(Comparator.comparingLong(LeaseRecord.Extension::holdsFrom));
            if (first.isPresent())
                return first.get();
            Thread.sleep(20);
        }
        throw new AssertionError("no " + what + " within " + limit.toSeconds() + " s\n" + logs());
    }

    /** The member holding the lease now, once every other member follows its term: a fault then leaves a majority. */
    LeaseRecord.Extension awaitFullCluster(Duration limit) throws InterruptedException {
        LeaseRecord.Extension holder = awaitCurrentHolder(limit);
        for (String name : members.keySet())
            if (!name.equals(holder.member()))
                awaitFollowing(name, holder.term(), 0, limit);
        return awaitCurrentHolder(limit);
    }

    /** Whether {@code name} held the lease at {@code nanos}, by the extensions it printed. */
    boolean heldAt(String name, long nanos) {
        return LeaseRecord.extensions(everStarted).stream()
                .anyMatch(e -> e.member().equals(name) && e.holdsFrom() <= nanos && nanos < e.until());
    }

    /** Waits for {@code name}'s status thread to say {@code state} (e.g. {@code holds=false}) at or after a time. */
    void awaitStatus(String name, String state, long sinceNanos, Duration limit) throws InterruptedException {
        awaitStatus(name, "a status with " + state, sinceNanos, limit, status -> (status + " ").contains(state + " "));
    }

    /** Waits for {@code name} to say it follows in term {@code minTerm} or later, at or after {@code sinceNanos}. */
    void awaitFollowing(String name, long minTerm, long sinceNanos, Duration limit) throws InterruptedException {
        Pattern following = Pattern.compile("role=FOLLOWER term=(\\d+) ");
        awaitStatus(name, "role=FOLLOWER in term " + minTerm + " or later", sinceNanos, limit, status -> {
            Matcher m = following.matcher(status + " ");
            return m.find() && Long.parseLong(m.group(1)) >= minTerm;
        });
    }

    private void awaitStatus(String name, String what, long sinceNanos, Duration limit, Predicate<String> wanted)
            throws InterruptedException {
        awaitLog(name, limit, what + " after " + sinceNanos, text -> {
            Matcher m = STATUS.matcher(text);
            while (m.find())
                if (m.group(1).equals(name) && Long.parseLong(m.group(3)) >= sinceNanos && wanted.test(m.group(2)))
                    return true;
            return false;
        });
    }

    /** The first status {@code name} printed for a moment at or after {@code sinceNanos}; waits for one. */
    String awaitFirstStatus(String name, long sinceNanos, Duration limit) throws InterruptedException {
        String[] first = new String[1];
        awaitStatus(name, "a status", sinceNanos, limit, status -> {
            first[0] = status;
            return true;
        });
        return first[0];
    }

    /** How many lines of {@code name}'s log contain {@code text}. */
    int count(String name, String text) {
        return members.get(name).logText().split(Pattern.quote(text), -1).length - 1;
    }

    /** Waits for {@code name}'s log to hold more than {@code before} lines containing {@code text}. */
    void awaitMore(String name, String text, int before, Duration limit) throws InterruptedException {
        awaitLog(name, limit, "a line with '" + text + "'", log -> count(name, text) > before);
    }

    private void awaitLog(String name, Duration limit, String what, Predicate<String> done)
            throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!done.test(members.get(name).logText())) {
            if (System.nanoTime() > deadline)
                throw new AssertionError("member " + name + " printed no " + what + " within " + limit.toSeconds()
                        + " s\n" + logs());
            Thread.sleep(20);
        }
    }

    /** The end of the last lease {@code name} printed (nanoTime). */
    long lastUntil(String name) {
        return LeaseRecord.extensions(everStarted).stream().filter(e -> e.member().equals(name))
                .mapToLong(LeaseRecord.Extension::until).max().orElse(Long.MIN_VALUE);
    }

    /** Asserts that no two leases (of two members, or two terms of one) ever overlapped; returns their number. */
    int assertNoOverlap() {
        List<LeaseRecord.Interval> intervals = LeaseRecord.intervals(LeaseRecord.extensions(everStarted));
        assertEquals(List.of(), LeaseRecord.overlaps(intervals), "leases overlapping in time:\n" + intervals);
        return intervals.size();
    }

    /** The end of each member's log, for a failure message. */
    String logs() {
        return everStarted.stream().map(p -> "--- " + p + ":\n" + tail(p.logText()))
                .collect(Collectors.joining("\n"));
    }

    private static String tail(String text) {
        return text.length() > 3000 ? "..." + text.substring(text.length() - 3000) : text;
    }
}
