package io.celerity.internal.schema;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The rules: what changed between two versions of the messages and, for each change, whether the newer code reads the
 * older data (backward) and the older code the newer data (forward). Self-describing DTOs are read by field name, with
 * defaults for missing fields; binary ones by position, so fields may only be appended, and read only when present;
 * enum constants may only be appended, and an old reader cannot read a constant it does not know.
 */
public final class Compatibility {

    /** Whether the current class of a binary DTO reads data holding only its first {@code writeCount} writes. */
    @FunctionalInterface
    public interface OlderDataReader {
        boolean readsOlderData(String dto, int writeCount);
    }

    private static final String EVENT_ADDED = "code that does not know it skips it: the message is lost to every "
            + "reader not yet upgraded";

    private final MessageSchema older;
    private final MessageSchema newer;
    private final OlderDataReader reader;
    private final List<Change> changes = new ArrayList<>();

    private Compatibility(MessageSchema older, MessageSchema newer, OlderDataReader reader) {
        this.older = older;
        this.newer = newer;
        this.reader = reader;
    }

    /** Every change from {@code older} to {@code newer}, compatible or not. */
    public static List<Change> changes(MessageSchema older, MessageSchema newer, OlderDataReader reader) {
        Compatibility c = new Compatibility(older, newer, reader);
        c.compareInterfaces();
        c.newInterfaces();
        for (Map.Entry<String, DtoShape> dto : older.dtos().entrySet())
            if (newer.dtos().containsKey(dto.getKey()))
                c.compareShapes(dto.getKey(), dto.getKey(), dto.getValue(), newer.dtos().get(dto.getKey()));
        return List.copyOf(c.changes);
    }

    private void compareInterfaces() {
        older.interfaces().forEach((iface, oldEvents) -> {
            SortedMap<String, String> newEvents = newer.interfaces().getOrDefault(iface, new TreeMap<>());
            Set<String> added = new TreeSet<>(newEvents.keySet());
            added.removeAll(oldEvents.keySet());
            added.removeIf(event -> declaresElsewhere(older, iface, event, newEvents.get(event))); // moved here
            oldEvents.forEach((event, type) -> {
                String where = iface + "." + event;
                String now = newEvents.get(event);
                if (now == null)
                    removedOrRenamed(where, type, newEvents, added);
                else if (!now.equals(type))
                    changedType(where, type, now);
            });
            for (String event : added)
                add(iface + "." + event, "event-added", true, false, EVENT_ADDED);
        });
    }

    private void newInterfaces() {
        newer.interfaces().forEach((iface, events) -> {
            if (!older.interfaces().containsKey(iface))
                events.forEach((event, type) -> {
                    if (!declaresElsewhere(older, iface, event, type))
                        add(iface + "." + event, "event-added", true, false, EVENT_ADDED);
                });
        });
    }

    /** An interface other than {@code iface} declares {@code event} with message {@code type}: on the wire, the same. */
    private static boolean declaresElsewhere(MessageSchema schema, String iface, String event, String type) {
        for (Map.Entry<String, SortedMap<String, String>> other : schema.interfaces().entrySet())
            if (!other.getKey().equals(iface) && type.equals(other.getValue().get(event)))
                return true;
        return false;
    }

    private void removedOrRenamed(String where, String type, Map<String, String> newEvents, Set<String> added) {
        String iface = where.substring(0, where.lastIndexOf('.')), event = where.substring(where.lastIndexOf('.') + 1);
        if (declaresElsewhere(newer, iface, event, type))
            return; // moved to another interface: the same name and message on the wire
        for (String candidate : added)
            if (newEvents.get(candidate).equals(type)) {
                added.remove(candidate);
                add(where, "event-renamed", false, false, "now '" + candidate + "': each side skips the other's "
                        + "name, so its messages are lost both ways");
                return;
            }
        add(where, "event-removed", false, true, "no longer read: its messages in older data are skipped");
    }

    private void changedType(String where, String type, String now) {
        DtoShape was = older.dtos().get(type), is = newer.dtos().get(now);
        if (was != null && is != null && was.kind() == is.kind())
            compareShapes(where, now, was, is);
        else
            add(where, "event-type-changed", false, false, "its message was " + type + ", now " + now);
    }

    /** {@code newName}: the current class, whose reading of older data a binary layout may need to try. */
    private void compareShapes(String where, String newName, DtoShape was, DtoShape is) {
        if (was.kind() != is.kind())
            add(where, "kind-changed", false, false, "was " + was.kind().text() + ", now " + is.kind().text());
        else if (was.kind() == DtoShape.Kind.ENUM)
            compareConstants(where, was.constants(), is.constants());
        else if (was.kind() == DtoShape.Kind.BINARY)
            compareLayouts(where, newName, List.copyOf(was.fields().entrySet()), List.copyOf(is.fields().entrySet()));
        else
            compareNamedFields(where, was.fields(), is.fields());
    }

    private void compareNamedFields(String dto, Map<String, String> was, Map<String, String> is) {
        was.forEach((field, type) -> {
            String now = is.get(field);
            if (now == null)
                add(dto + "." + field, "field-removed", true, true, "older data's value is skipped; older code "
                        + "reads its default");
            else if (!now.equals(type))
                add(dto + "." + field, "field-type-changed", false, false, "was " + type + ", now " + now);
        });
        is.forEach((field, type) -> {
            if (!was.containsKey(field))
                add(dto + "." + field, "field-added", true, true, "reads as its default from older data; older "
                        + "code skips it");
        });
        List<String> common = new ArrayList<>(was.keySet());
        common.retainAll(is.keySet());
        List<String> nowOrder = new ArrayList<>(is.keySet());
        nowOrder.retainAll(was.keySet());
        if (!common.equals(nowOrder))
            add(dto, "fields-reordered", true, true, "read by name, so order does not matter");
    }

    private void compareLayouts(String dto, String name, List<Map.Entry<String, String>> was,
                                List<Map.Entry<String, String>> is) {
        int same = 0;
        while (same < was.size() && same < is.size() && was.get(same).getValue().equals(is.get(same).getValue()))
            same++;
        compareNamesAt(dto, was.subList(0, same), is.subList(0, same));
        if (same == was.size() && same == is.size())
            return;
        if (same == was.size()) {
            boolean reads = reader.readsOlderData(name, same);
            add(dto + "." + is.get(same).getKey(), reads ? "fields-appended" : "appended-without-presence-check",
                    reads, true, reads ? (is.size() - same) + " field(s) appended and read only when present"
                            : "appended, but readMarshallable reads it from older data, which ends before it: read "
                            + "appended fields only when AppendedFields.present(in)");
        } else if (same == is.size()) {
            add(dto + "." + was.get(same).getKey(), "trailing-fields-removed", true, false, "older code reads past "
                    + "the end of newer data");
        } else {
            Map.Entry<String, String> w = was.get(same), i = is.get(same);
            List<String> wasRest = names(was.subList(same, was.size())), isRest = names(is.subList(same, is.size()));
            String rule = w.getKey().equals(i.getKey()) ? "field-type-changed"
                    : new HashSet<>(wasRest).equals(new HashSet<>(isRest)) ? "fields-reordered"
                    : isRest.contains(w.getKey()) ? "field-inserted"
                    : wasRest.contains(i.getKey()) ? "field-removed" : "field-type-changed";
            add(dto + "." + i.getKey(), rule, false, false, "at byte position of write " + (same + 1) + " older data "
                    + "has " + w.getKey() + " (" + w.getValue() + "), newer " + i.getKey() + " (" + i.getValue()
                    + "): binary fields are read by position, so every later field is misread");
        }
    }

    private void compareNamesAt(String dto, List<Map.Entry<String, String>> was, List<Map.Entry<String, String>> is) {
        for (int k = 0; k < was.size(); k++) {
            String w = was.get(k).getKey(), i = is.get(k).getKey();
            if (w.equals(i) || w.startsWith("?") || i.startsWith("?"))
                continue;
            boolean moved = names(is).contains(w) || names(was).contains(i);
            add(dto + "." + i, moved ? "fields-reordered" : "field-renamed", !moved, !moved, moved
                    ? "where older data has " + w + " newer has " + i + ", of the same type: each is read as the other"
                    : "was " + w + "; read by position, so the name does not matter");
        }
    }

    private void compareConstants(String enumName, List<String> was, List<String> is) {
        for (String c : was)
            if (!is.contains(c))
                add(enumName + "." + c, "enum-constant-removed", false, true, "older data holding it cannot be read");
        for (String c : is)
            if (!was.contains(c))
                add(enumName + "." + c, "enum-constant-added", true, false, "older code cannot read it");
        for (String c : was)
            if (is.contains(c) && was.indexOf(c) != is.indexOf(c)) {
                add(enumName, "enum-constants-moved", false, false, c + " was constant " + was.indexOf(c) + ", now "
                        + is.indexOf(c) + ": a binary DTO writing the ordinal reads it as another; add constants only "
                        + "at the end");
                return;
            }
    }

    private static List<String> names(List<Map.Entry<String, String>> fields) {
        return fields.stream().map(Map.Entry::getKey).toList();
    }

    private void add(String where, String rule, boolean backward, boolean forward, String detail) {
        changes.add(new Change(Objects.requireNonNull(where), rule, backward, forward, detail));
    }
}
