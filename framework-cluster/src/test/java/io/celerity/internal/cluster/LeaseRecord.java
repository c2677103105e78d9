package io.celerity.internal.cluster;

import io.celerity.testhosts.HostProcess;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The grants the candidates' processes printed before acting on them, read back from their logs (nanoTime). */
final class LeaseRecord {

    private static final Pattern LINE = Pattern.compile(
            "^hold host=(\\w+) token=(\\d+) from=(-?\\d+) until=(-?\\d+) at=(-?\\d+)$", Pattern.MULTILINE);

    /** One grant: process {@code pid} of host {@code host} may hold under {@code token} from {@code from} to
     * {@code until}; printed at {@code at}. */
    record Grant(long pid, String host, long token, long from, long until, long at) {
    }

    /** What one process may have held under one token: from its first hold to its last grant's end. */
    record Interval(long pid, String host, long token, long from, long until) {

        boolean overlaps(Interval other) {
            return from < other.until && other.from < until;
        }
    }

    private LeaseRecord() {
    }

    static List<Grant> grants(List<HostProcess> processes) {
        List<Grant> all = new ArrayList<>();
        for (HostProcess p : processes) {
            Matcher m = LINE.matcher(p.logText());
            while (m.find())
                all.add(new Grant(p.pid(), m.group(1), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                        Long.parseLong(m.group(4)), Long.parseLong(m.group(5))));
        }
        return all;
    }

    /** Each process's holding per token, the union of its grants. */
    static List<Interval> intervals(List<Grant> grants) {
        Map<String, Interval> byProcessAndToken = new LinkedHashMap<>();
        for (Grant g : grants)
            byProcessAndToken.merge(g.pid() + "/" + g.token(),
                    new Interval(g.pid(), g.host(), g.token(), g.from(), g.until()),
                    (a, b) -> new Interval(a.pid(), a.host(), a.token(), Math.min(a.from(), b.from()),
                            Math.max(a.until(), b.until())));
        return List.copyOf(byProcessAndToken.values());
    }

    /** Pairs of holdings by two processes that overlap in time: none, if the lease is safe. */
    static List<String> overlaps(List<Interval> intervals) {
        List<String> found = new ArrayList<>();
        for (int i = 0; i < intervals.size(); i++)
            for (int j = i + 1; j < intervals.size(); j++)
                if (intervals.get(i).pid() != intervals.get(j).pid() && intervals.get(i).overlaps(intervals.get(j)))
                    found.add(intervals.get(i) + " overlaps " + intervals.get(j));
        return found;
    }
}
