package io.celerity.benchmarks.harness;

import javax.management.JMException;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The operating system's ids of Java threads, from the JVM's own thread dump (Java 17 gives no other way). */
final class NativeThreadIds {
    // "name" #12 daemon prio=5 ... nid=0x1f4e runnable (Java 17); nid=8014 from Java 19 on
    private static final Pattern THREAD_LINE = Pattern.compile("^\".*\" #(\\d+)\\b.* nid=(0x[0-9a-fA-F]+|\\d+)\\b",
            Pattern.MULTILINE);

    private NativeThreadIds() {
    }

    /** The native ids of {@code threads}, in order; fails naming a thread the dump does not list (e.g. ended). */
    static int[] of(List<Thread> threads) {
        Map<Long, Integer> byJavaId = new HashMap<>();
        Matcher m = THREAD_LINE.matcher(threadDump());
        while (m.find())
            byJavaId.put(Long.parseLong(m.group(1)), Integer.decode(m.group(2)));
        int[] ids = new int[threads.size()];
        for (int i = 0; i < ids.length; i++) {
            Thread t = threads.get(i);
            Integer id = byJavaId.get(t.getId());
            if (id == null)
                throw new IllegalStateException("thread '" + t.getName() + "' (#" + t.getId() + ") is not in the "
                        + "JVM's thread dump: has it ended?");
            ids[i] = id;
        }
        return ids;
    }

    private static String threadDump() {
        try {
            return (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "threadPrint",
                    new Object[]{new String[0]}, new String[]{String[].class.getName()});
        } catch (JMException e) {
            throw new IllegalStateException("cannot take a thread dump to find native thread ids", e);
        }
    }
}
