package io.celerity.internal.yaml;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.ValueIn;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads YAML into plain maps, lists and scalars with Chronicle Wire, rejecting a key given twice in one mapping, and
 * remembers the line of every key and list item so that later errors can point at it.
 */
public final class YamlTree {

    private final String source;
    private final Bytes<?> bytes;
    private final IdentityHashMap<Object, Map<Object, Integer>> lines = new IdentityHashMap<>();
    private final Deque<String> path = new ArrayDeque<>(); // where the reader is, for errors
    private final boolean ownText; // false for an event read from part of a file: its lines are not the file's
    private long[] newlines;       // the offsets of the text's line ends, found on the first look-up
    private Map<String, Object> root;
    private long position; // the last position read, for errors

    private YamlTree(String source, Bytes<?> bytes, boolean ownText) {
        this.source = source;
        this.bytes = bytes;
        this.ownText = ownText;
    }

    /**
     * The top-level mapping of {@code yaml} as Chronicle Wire reads it, for text a program wrote (e.g. a status file,
     * whose quoted reason may span lines); text a person wrote goes through {@link #parse}, which checks it first.
     */
    public static Map<String, Object> read(String source, String yaml) {
        return tree(source, yaml).root;
    }

    /**
     * The tree of {@code yaml}, its layout checked first, with the line of each key and list item.
     *
     * @throws YamlException at the first line that is not plain YAML, or gives a key twice
     */
    public static YamlTree parse(String source, String yaml) {
        YamlSyntax.check(source, yaml);
        return tree(source, yaml);
    }

    private static YamlTree tree(String source, String yaml) {
        YamlTree tree = new YamlTree(source, Bytes.allocateElasticOnHeap(yaml.length()).appendUtf8(yaml), true);
        tree.root = tree.readRoot();
        return tree;
    }

    /** The top-level mapping. */
    public Map<String, Object> root() {
        return root;
    }

    /** The line (from 1) of {@code key} in a mapping, or of the item at {@code key} (an index) in a list; 0 if unknown. */
    public int line(Object container, Object key) {
        Map<Object, Integer> of = lines.get(container);
        return of == null ? 0 : of.getOrDefault(key, 0);
    }

    private Map<String, Object> readRoot() {
        Wire wire = WireType.YAML_ONLY.apply(bytes);
        Map<String, Object> top = new LinkedHashMap<>();
        try {
            while (wire.hasMore()) {
                int line = mark();
                String key = wire.readEvent(String.class);
                put(top, key, line, wire.getValueIn());
            }
            requireNothingLeft();
        } catch (YamlException e) {
            throw e;
        } catch (RuntimeException e) {
            throw error(source, lineAt(position), List.copyOf(path), "Chronicle Wire cannot read this line ("
                    + firstLine(e) + "); expected plain YAML (quote a value that holds [ ] { } , or ': ')");
        }
        return top;
    }

    /**
     * One YAML value as plain maps, lists and scalars.
     *
     * @param source names the text in errors, e.g. a file name
     * @param path   names the value in errors, e.g. "event 3"
     * @throws YamlException when a mapping gives a key twice
     */
    public static Object value(String source, String path, ValueIn in) {
        YamlTree tree = new YamlTree(source, in.wireIn().bytes(), false);
        tree.path.add(path);
        return tree.value(in);
    }

    private Object value(ValueIn in) {
        switch (in.getBracketType()) {
            case MAP: {
                Map<String, Object> map = new LinkedHashMap<>();
                in.marshallable(w -> {
                    while (w.hasMore()) {
                        int line = mark();
                        put(map, w.readEvent(String.class), line, w.getValueIn());
                    }
                });
                return map;
            }
            case SEQ: {
                List<Object> list = new ArrayList<>();
                in.sequence(list, (l, v) -> {
                    while (v.hasNextSequenceItem()) {
                        lines.computeIfAbsent(l, x -> new LinkedHashMap<>()).put(l.size(), mark());
                        path.addLast(String.valueOf(l.size()));
                        l.add(value(v));
                        path.removeLast();
                    }
                });
                return list;
            }
            default:
                return in.object();
        }
    }

    private void put(Map<String, Object> map, String key, int line, ValueIn in) {
        if (map.containsKey(key) && !ownText)
            throw new YamlException(source, 0, String.join(".", path), key, "given twice; expected each name once");
        if (map.containsKey(key))
            throw error(source, line, pathTo(key), "given twice; expected each name once");
        path.addLast(key);
        Object value = value(in);
        path.removeLast();
        map.put(key, value);
        lines.computeIfAbsent(map, x -> new LinkedHashMap<>()).put(key, line);
    }

    private List<String> pathTo(String key) {
        List<String> p = new ArrayList<>(path);
        p.add(key);
        return p;
    }

    /** Notes where the reader is and returns its line: Chronicle has read the key that starts there. */
    private int mark() {
        position = bytes.readPosition();
        return lineAt(position);
    }

    private int lineAt(long offset) {
        if (!ownText)
            return 0;
        if (newlines == null) {
            newlines = new long[16];
            int count = 0;
            for (long i = 0; i < bytes.readLimit(); i++)
                if (bytes.peekUnsignedByte(i) == '\n') {
                    if (count == newlines.length)
                        newlines = Arrays.copyOf(newlines, count * 2);
                    newlines[count++] = i;
                }
            newlines = Arrays.copyOf(newlines, count);
        }
        int found = Arrays.binarySearch(newlines, offset);
        return 1 + (found >= 0 ? found : -found - 1); // the line ends before the offset, plus one
    }

    /** Chronicle stops quietly at text it cannot place; anything but blanks, comments and '...' left is an error. */
    private void requireNothingLeft() {
        long end = bytes.readLimit();
        for (long i = bytes.readPosition(); i < end; i++) {
            int c = bytes.peekUnsignedByte(i);
            if (c == '#' || c == '.' && i + 2 < end && bytes.peekUnsignedByte(i + 1) == '.' && bytes.peekUnsignedByte(i + 2) == '.')
                while (i + 1 < end && bytes.peekUnsignedByte(i + 1) != '\n')
                    i++;
            else if (c > ' ') {
                position = i;
                throw new IllegalStateException("the reader could not place the text from here on");
            }
        }
    }

    private static String firstLine(RuntimeException e) {
        String m = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
        return m.length() > 80 ? m.substring(0, 80) + "..." : m;
    }

    /**
     * An error at {@code line}, naming the entry and key that {@code path} leads to: {@code [services, echo, output]}
     * is service 'echo', key 'output', as the other errors name it.
     */
    static YamlException error(String source, int line, List<String> path, String problem) {
        String entry = "top level";
        int keyFrom = 0;
        if (path.size() >= 2) {
            String kind = switch (path.get(0)) {
                case "queues" -> "queue";
                case "services" -> "service";
                case "eventLoops" -> "event loop";
                default -> null;
            };
            if (kind != null) {
                entry = kind + " '" + path.get(1) + "'";
                keyFrom = 2;
            }
        }
        String key = path.size() > keyFrom ? String.join(".", path.subList(keyFrom, path.size())) : null;
        return new YamlException(source, line, entry, key, problem);
    }

    /** A key without the quotes around it, if it has them. */
    static String unquote(String key) {
        String k = key.strip();
        if (k.length() >= 2 && (k.charAt(0) == '"' || k.charAt(0) == '\'') && k.charAt(k.length() - 1) == k.charAt(0))
            return k.substring(1, k.length() - 1);
        return k;
    }

    /** The key a line seems to start with, to name it in an error found before the line is read. */
    static String guessKey(String line, int col) {
        String rest = line.substring(col).strip();
        int colon = rest.indexOf(": ");
        if (colon < 0 && rest.endsWith(":"))
            colon = rest.length() - 1;
        return colon <= 0 ? null : unquote(rest.substring(0, colon));
    }
}
