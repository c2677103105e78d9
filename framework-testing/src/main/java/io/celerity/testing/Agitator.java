package io.celerity.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Derives the generated tests of a scenario. */
final class Agitator {

    private Agitator() {
    }

    static List<Variant> variants(Scenario s, Set<Agitation> agitations) {
        List<YamlEvent> in = s.events();
        List<Variant> out = new ArrayList<>();
        for (int i = 0; i < in.size(); i++) {
            YamlEvent e = in.get(i);
            if (e.isTime())
                continue;
            int n = i + 1;
            if (agitations.contains(Agitation.MISSING_MESSAGE)) {
                List<YamlEvent> v = new ArrayList<>(in);
                v.remove(i);
                out.add(variant(s, "missing-" + n, "event " + n + " (" + e.method() + ") missing", v));
            }
            if (agitations.contains(Agitation.DUPLICATED_MESSAGE)) {
                List<YamlEvent> v = new ArrayList<>(in);
                v.add(i + 1, e.withComment(""));
                out.add(variant(s, "duplicated-" + n, "event " + n + " (" + e.method() + ") sent twice", v));
            }
            if (agitations.contains(Agitation.SWAPPED_MESSAGES) && i + 1 < in.size() && !in.get(i + 1).isTime()) {
                List<YamlEvent> v = new ArrayList<>(in);
                v.set(i, in.get(i + 1));
                v.set(i + 1, e);
                out.add(variant(s, "swapped-" + n, "events " + n + " and " + (n + 1) + " swapped", v));
            }
            if (e.argument() instanceof Map)
                fieldVariants(s, agitations, in, i, out);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static void fieldVariants(Scenario s, Set<Agitation> agitations, List<YamlEvent> in, int i,
                                      List<Variant> out) {
        YamlEvent e = in.get(i);
        Map<String, Object> fields = (Map<String, Object>) e.argument();
        int n = i + 1;
        for (Map.Entry<String, Object> f : fields.entrySet()) {
            if (agitations.contains(Agitation.MISSING_FIELD)) {
                Map<String, Object> changed = new LinkedHashMap<>(fields);
                changed.remove(f.getKey());
                out.add(variant(s, "missing-field-" + n + "-" + f.getKey(),
                        "event " + n + " (" + e.method() + ") without " + f.getKey(), replace(in, i, e.withArgument(changed))));
            }
            Object unusual = unusual(f.getValue());
            if (agitations.contains(Agitation.OVERRIDDEN_FIELD) && unusual != null) {
                Map<String, Object> changed = new LinkedHashMap<>(fields);
                changed.put(f.getKey(), unusual);
                out.add(variant(s, "overridden-field-" + n + "-" + f.getKey(), "event " + n + " (" + e.method()
                        + ") with " + f.getKey() + ": " + (unusual instanceof String ? "\"" + unusual + "\"" : unusual), replace(in, i, e.withArgument(changed))));
            }
        }
    }

    private static Object unusual(Object value) {
        if (value instanceof Double || value instanceof Float)
            return ((Number) value).doubleValue() == 0 ? -1.0 : -((Number) value).doubleValue();
        if (value instanceof Number)
            return ((Number) value).longValue() == 0 ? -1L : -((Number) value).longValue();
        if (value instanceof Boolean)
            return !(Boolean) value;
        if (value instanceof CharSequence)
            return value.toString().isEmpty() ? null : "";
        return null; // nested values are left alone
    }

    private static List<YamlEvent> replace(List<YamlEvent> in, int i, YamlEvent e) {
        List<YamlEvent> v = new ArrayList<>(in);
        v.set(i, e);
        return v;
    }

    private static Variant variant(Scenario s, String name, String description, List<YamlEvent> events) {
        return new Variant(s, name, description, s.setup(), labelled(events, description));
    }

    /** Scenario A's input followed by scenario B's, each after its own setup. */
    static Variant combined(Scenario a, Scenario b, String bName) {
        List<YamlEvent> setup = new ArrayList<>(a.setup());
        setup.addAll(b.setup());
        List<YamlEvent> events = new ArrayList<>(a.events());
        events.addAll(b.events());
        return new Variant(a, "combined-with-" + bName, "followed by " + b.dir(), setup,
                labelled(events, "followed by " + b.dir()));
    }

    // The generated test says, above its first output, what was done to it.
    private static List<YamlEvent> labelled(List<YamlEvent> events, String description) {
        if (events.isEmpty())
            return events;
        List<YamlEvent> v = new ArrayList<>(events);
        v.set(0, v.get(0).withComment("# generated: " + description + "\n" + v.get(0).comment()));
        return v;
    }
}
