package io.celerity.config;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.ValueIn;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads YAML into plain maps, lists and scalars with Chronicle Wire, rejecting a key given twice in one mapping. */
public final class YamlTree {

    private final String source;

    private YamlTree(String source) {
        this.source = source;
    }

    /** The top-level mapping of {@code yaml}. */
    public static Map<String, Object> read(String source, String yaml) {
        YamlTree tree = new YamlTree(source);
        Wire wire = WireType.YAML_ONLY.apply(Bytes.from(yaml));
        Map<String, Object> root = new LinkedHashMap<>();
        try {
            while (wire.hasMore()) {
                String key = wire.readEvent(String.class);
                tree.putOnce(root, "top level", key, tree.value(key, wire.getValueIn()));
            }
        } catch (ConfigException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ConfigException(source, "top level", null, "not valid YAML: " + e.getMessage());
        }
        return root;
    }

    /**
     * One YAML value as plain maps, lists and scalars.
     *
     * @param source names the text in errors, e.g. a file name
     * @param path   names the value in errors, e.g. "event 3"
     * @throws ConfigException when a mapping gives a key twice
     */
    public static Object value(String source, String path, ValueIn in) {
        return new YamlTree(source).value(path, in);
    }

    private Object value(String path, ValueIn in) {
        switch (in.getBracketType()) {
            case MAP: {
                Map<String, Object> map = new LinkedHashMap<>();
                in.marshallable(w -> {
                    while (w.hasMore()) {
                        String key = w.readEvent(String.class);
                        putOnce(map, path, key, value(path + "." + key, w.getValueIn()));
                    }
                });
                return map;
            }
            case SEQ: {
                List<Object> list = new ArrayList<>();
                in.sequence(list, (l, v) -> {
                    while (v.hasNextSequenceItem())
                        l.add(value(path + "[]", v));
                });
                return list;
            }
            default:
                return in.object();
        }
    }

    private void putOnce(Map<String, Object> map, String path, String key, Object value) {
        if (map.containsKey(key))
            throw new ConfigException(source, entryName(path), key, "given twice; expected each name once");
        map.put(key, value);
    }

    /** "services.order-manager.settings" names the entry "service 'order-manager'", as other errors do. */
    private static String entryName(String path) {
        String[] parts = path.split("\\.", 3);
        if (parts.length < 2)
            return path;
        switch (parts[0]) {
            case "queues": return "queue '" + parts[1] + "'";
            case "services": return "service '" + parts[1] + "'";
            case "eventLoops": return "event loop '" + parts[1] + "'";
            default: return path;
        }
    }
}
