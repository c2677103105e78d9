package io.celerity.testing;

import java.util.List;

/**
 * Where an expected text and an actual one first differ, shown as a unified-diff hunk with line numbers, so a failing
 * test says on the console what an IDE's diff would show.
 */
final class FirstDifference {

    private static final int CONTEXT = 2;
    private static final int MAX_CHANGED = 8;

    private FirstDifference() {
    }

    /** The first differing lines of {@code expected} and {@code actual} with context, or "" when they are equal. */
    static String of(String expected, String actual) {
        List<String> e = expected.lines().toList();
        List<String> a = actual.lines().toList();
        int start = 0;
        while (start < e.size() && start < a.size() && e.get(start).equals(a.get(start)))
            start++;
        if (start == e.size() && start == a.size())
            return "";
        int endE = e.size(), endA = a.size(); // exclusive ends of the differing blocks, after the common tail
        while (endE > start && endA > start && e.get(endE - 1).equals(a.get(endA - 1))) {
            endE--;
            endA--;
        }
        StringBuilder sb = new StringBuilder("@@ expected line ").append(lineOrEnd(start, e.size()))
                .append(", actual line ").append(lineOrEnd(start, a.size())).append(" @@\n");
        for (int i = Math.max(0, start - CONTEXT); i < start; i++)
            line(sb, ' ', i + 1, i + 1, e.get(i));
        changed(sb, '-', e, start, endE);
        changed(sb, '+', a, start, endA);
        for (int i = 0; i < CONTEXT && endE + i < e.size(); i++)
            line(sb, ' ', endE + i + 1, endA + i + 1, e.get(endE + i));
        return sb.toString();
    }

    private static String lineOrEnd(int index, int size) {
        return index < size ? String.valueOf(index + 1) : (index + 1) + " (end of text)";
    }

    private static void changed(StringBuilder sb, char sign, List<String> lines, int from, int to) {
        for (int i = from; i < Math.min(to, from + MAX_CHANGED); i++)
            line(sb, sign, sign == '-' ? i + 1 : 0, sign == '+' ? i + 1 : 0, lines.get(i));
        if (to - from > MAX_CHANGED)
            sb.append(sign).append(" ... and ").append(to - from - MAX_CHANGED).append(" more\n");
    }

    private static void line(StringBuilder sb, char sign, int expectedLine, int actualLine, String text) {
        sb.append(sign).append(String.format(" %4s %4s  ", expectedLine == 0 ? "" : expectedLine,
                actualLine == 0 ? "" : actualLine)).append(text).append('\n');
    }
}
