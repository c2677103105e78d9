package io.celerity.internal.cluster;

import io.celerity.testhosts.Host;
import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Three cluster members, each a {@link MemberMain} process on a host of its own, candidates for the lease as
 * {@link CandidateMain} processes beside them, and what their logs say.
 */
final class RunningCluster {

    /** Liveness, not speed: JVMs starting and electing on a loaded 2-core machine. */
    static final Duration START_LIMIT = Duration.ofMinutes(3);
    /** Liveness, not speed: a takeover measured well below a second when quiet, allowed 30 s when loaded. */
    static final Duration TAKEOVER_LIMIT = Duration.ofSeconds(30);
    private static final Pattern STATUS = Pattern.compile("^status host=(\\w+) (.*) at=(-?\\d+)(?: why=.*)?$",
            Pattern.MULTILINE);
    private static final Pattern TERM = Pattern.compile("^status member=\\w+ role=\\w+ term=(-?\\d+) ",
            Pattern.MULTILINE);
    private static final Pattern LEADER = Pattern.compile(
            "^status member=(\\w+) role=LEADER term=\\d+ .* at=(-?\\d+)$", Pattern.MULTILINE);
    private static final int BASE_PORT = 23100;

    private final Hosts hosts;
    private final Path dir;
    private final String[] memberArgs;
    private final List<HostProcess> members = new ArrayList<>();
    private final List<HostProcess> candidates = new ArrayList<>(); // every one ever started, killed ones too

    RunningCluster(Hosts hosts, Path dir) {
        this.hosts = hosts;
        this.dir = dir;
        memberArgs = new String[] {
                hosts.all().stream().map(Host::name).collect(Collectors.joining(",")),
                hosts.all().stream().map(Host::address).collect(Collectors.joining(",")),
                String.valueOf(BASE_PORT)};
    }

    /** Starts a member on every host; returns once each process runs (not yet elected). */
    RunningCluster startMembers() throws Exception {
        for (Host h : hosts.all()) {
            HostProcess p = h.startJava(dir.resolve("member-" + h.name() + ".log"), MemberMain.class,
                    memberArgs[0], memberArgs[1], memberArgs[2], h.name(), dir.resolve(h.name()).toString());
            members.add(p);
            p.awaitLine(Pattern.compile("member " + h.name() + " started"), START_LIMIT);
        }
        return this;
    }

    /** Starts a candidate for the lease on {@code host}, which declares {@code other} eligible while it holds. */
    HostProcess startCandidate(String host, boolean preferred, String other) throws Exception {
        Host h = hosts.host(host);
        HostProcess p = h.startJava(dir.resolve("candidate-" + host + "-" + System.nanoTime() + ".log"),
                CandidateMain.class, memberArgs[0], memberArgs[1], memberArgs[2], host, h.address(),
                String.valueOf(preferred), other);
        candidates.add(p);
        p.awaitLine(Pattern.compile("candidate " + host + " started"), START_LIMIT);
        return p;
    }

    /** The first grant, by a process other than {@code excluded}, that started holding at or after a time. */
    LeaseRecord.Grant awaitHolder(HostProcess excluded, long sinceNanos, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<LeaseRecord.Grant> first = LeaseRecord.grants(candidates).stream()
                    .filter(g -> (excluded == null || g.pid() != excluded.pid()) && g.from() >= sinceNanos)
                    .min(Comparator.comparingLong(LeaseRecord.Grant::from));
            if (first.isPresent())
                return first.get();
            Thread.sleep(20);
        }
        throw new AssertionError("no candidate " + (excluded == null ? "" : "but " + excluded + " ")
                + "held the lease within " + limit.toSeconds() + " s\n" + logs());
    }

    /** The end of the last grant process {@code p} printed (nanoTime). */
    long lastUntil(HostProcess p) {
        return LeaseRecord.grants(candidates).stream().filter(g -> g.pid() == p.pid())
                .mapToLong(LeaseRecord.Grant::until).max().orElse(Long.MIN_VALUE);
    }

    /** The grants process {@code p} printed at or after {@code sinceNanos}. */
    List<LeaseRecord.Grant> grantsSince(HostProcess p, long sinceNanos) {
        return LeaseRecord.grants(candidates).stream().filter(g -> g.pid() == p.pid() && g.at() >= sinceNanos)
                .toList();
    }

    /** Waits for candidate {@code p} to say {@code state} (e.g. {@code deposed=true}) at or after a time. */
    void awaitStatus(HostProcess p, String state, long sinceNanos, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (firstStatus(p, sinceNanos, s -> (s + " ").contains(state + " ")) == null) {
            if (System.nanoTime() > deadline)
                throw new AssertionError(p + " said no " + state + " after " + sinceNanos + " within "
                        + limit.toSeconds() + " s\n" + logs());
            Thread.sleep(20);
        }
    }

    /** The first status line of {@code p} at or after {@code sinceNanos} that {@code wanted} accepts, else null. */
    String firstStatus(HostProcess p, long sinceNanos, Predicate<String> wanted) {
        Matcher m = STATUS.matcher(p.logText());
        while (m.find())
            if (Long.parseLong(m.group(3)) >= sinceNanos && wanted.test(m.group(2)))
                return m.group(0);
        return null;
    }

    /** Waits for {@code p}'s log to contain {@code text}. */
    void awaitText(HostProcess p, String text, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!p.logText().contains(text)) {
            if (System.nanoTime() > deadline)
                throw new AssertionError(p + " did not print '" + text + "' within " + limit.toSeconds() + " s\n"
                        + logs());
            Thread.sleep(20);
        }
    }

    /** Asserts that no two processes ever held the lease at the same moment; returns how many holdings there were. */
    int assertNoOverlap() {
        List<LeaseRecord.Interval> intervals = LeaseRecord.intervals(LeaseRecord.grants(candidates));
        assertEquals(List.of(), LeaseRecord.overlaps(intervals), "two holders at once:\n" + intervals);
        return intervals.size();
    }

    /** The host whose member last said it leads; waits for one. */
    String awaitLeaderHost(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            String leader = null;
            long leaderAt = Long.MIN_VALUE;
            for (HostProcess p : members) {
                Matcher m = LEADER.matcher(p.logText());
                while (m.find())
                    if (Long.parseLong(m.group(2)) > leaderAt) {
                        leaderAt = Long.parseLong(m.group(2));
                        leader = m.group(1);
                    }
            }
            if (leader != null)
                return leader;
            Thread.sleep(20);
        }
        throw new AssertionError("no member led within " + limit.toSeconds() + " s\n" + logs());
    }

    /** The member process on {@code host}. */
    HostProcess member(String host) {
        return members.stream().filter(p -> p.host().equals(host)).findFirst().orElseThrow();
    }

    /** The highest Raft term any member printed: elections after the first raise it (a busy machine's spurious ones too). */
    long lastTerm() {
        Matcher m = TERM.matcher(members.stream().map(HostProcess::logText).collect(Collectors.joining("\n")));
        long last = -1;
        while (m.find())
            last = Math.max(last, Long.parseLong(m.group(1)));
        return last;
    }

    /** The end of each process's log, for a failure message. */
    String logs() {
        List<HostProcess> all = new ArrayList<>(members);
        all.addAll(candidates);
        return all.stream().map(p -> "--- " + p + ":\n" + tail(p.logText())).collect(Collectors.joining("\n"));
    }

    private static String tail(String text) {
        return text.length() > 3000 ? "..." + text.substring(text.length() - 3000) : text;
    }
}
