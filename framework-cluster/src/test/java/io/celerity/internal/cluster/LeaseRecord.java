package io.celerity.internal.cluster;

import io.celerity.testhosts.HostProcess;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The lease extensions the members' processes printed, read back from their logs (all times nanoTime). */
final class LeaseRecord {

    private static final Pattern LINE = Pattern.compile(
            "^lease member=(\\w+) term=(\\d+) from=(-?\\d+) until=(-?\\d+) at=(-?\\d+)$", Pattern.MULTILINE);

    /** One extension: member {@code member} may hold term {@code term}'s lease from {@code from} to {@code until}. */
    record Extension(String member, long term, long from, long until, long at) {

        /** When the member started holding: the lease's earliest start, or the extension if it came later. */
        long holdsFrom() {
            return Math.max(from, at);
        }
    }

    /** A member's lease of one term: from its earliest start to the last extension's end. */
    record Interval(String member, long term, long from, long until) {

        boolean overlaps(Interval other) {
            return from < other.until && other.from < until;
        }
    }

    private LeaseRecord() {
    }

    static List<Extension> extensions(List<HostProcess> processes) {
        List<Extension> all = new ArrayList<>();
        for (HostProcess p : processes) {
            Matcher m = LINE.matcher(p.logText());
            while (m.find())
                all.add(new Extension(m.group(1), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                        Long.parseLong(m.group(4)), Long.parseLong(m.group(5))));
        }
        return all;
    }

    /** Each member's lease per term, the union of its extensions. */
    static List<Interval> intervals(List<Extension> extensions) {
        Map<String, Interval> byMemberAndTerm = new LinkedHashMap<>();
        for (Extension e : extensions)
            byMemberAndTerm.merge(e.member() + "/" + e.term(), new Interval(e.member(), e.term(), e.from(), e.until()),
                    (a, b) -> new Interval(a.member(), a.term(), Math.min(a.from(), b.from()),
                            Math.max(a.until(), b.until())));
        return List.copyOf(byMemberAndTerm.values());
    }

    /** Pairs of leases (of different members, or terms) that overlap in time: none, if the lease is safe. */
    static List<String> overlaps(List<Interval> intervals) {
        List<String> found = new ArrayList<>();
        for (int i = 0; i < intervals.size(); i++)
            for (int j = i + 1; j < intervals.size(); j++)
                if (intervals.get(i).overlaps(intervals.get(j)))
                    found.add(intervals.get(i) + " overlaps " + intervals.get(j));
        return found;
    }
}
