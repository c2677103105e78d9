package io.celerity.internal.encryption;

import io.celerity.config.KeysConfig;
import io.celerity.config.QueueConfig;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The events of a queue whose message carries personal data, as the interfaces its writers and readers in this
 * process declare them: each event's name with its message's {@link PersonalFields}. Thread-safe; looked up with the
 * name as read, without making a String of it.
 */
public final class PersonalEvents {

    private final List<Event> events = new CopyOnWriteArrayList<>();
    private final Set<String> plainNames = ConcurrentHashMap.newKeySet(); // events of the queue with no personal data

    record Event(String name, PersonalFields fields) {
    }

    /**
     * Refuses to let service {@code service} read or write the events of {@code interfaces} on {@code queue} if one
     * carries personal data and the queue is not encrypted (its personal fields would lie there in the clear, beyond
     * the reach of forgetting) or the deployment keeps no subjects' keys ({@code keys.subjects}).
     */
    public static void requireEncrypted(String service, QueueConfig queue, KeysConfig keys,
                                        Collection<Class<?>> interfaces) {
        if (!anyIn(interfaces))
            return;
        for (Class<?> i : interfaces)
            for (Method m : i.getMethods())
                if (m.getParameterCount() == 1 && PersonalFields.of(m.getParameterTypes()[0]) != null) {
                    String what = "service '" + service + "': event '" + m.getName() + "' of " + i.getSimpleName()
                            + " carries personal data (" + m.getParameterTypes()[0].getSimpleName() + ")";
                    if (!queue.encrypted())
                        throw new IllegalStateException(what + ", and queue '" + queue.name() + "' is not encrypted; "
                                + "expected an encryptionKey on it, so that the data can be forgotten");
                    if (keys == null || keys.subjects() == null)
                        throw new IllegalStateException(what + ", and no queue keeps the data subjects' keys; "
                                + "expected keys.subjects naming an encrypted queue");
                }
    }

    /** Whether an event of {@code interfaces} carries personal data. */
    public static boolean anyIn(Collection<Class<?>> interfaces) {
        for (Class<?> i : interfaces)
            for (Method m : i.getMethods())
                if (m.getParameterCount() == 1 && PersonalFields.of(m.getParameterTypes()[0]) != null)
                    return true;
        return false;
    }

    /** Adds the events of {@code interfaces} whose one argument has personal data. */
    void carry(Collection<Class<?>> interfaces) {
        for (Class<?> i : interfaces)
            for (Method m : i.getMethods()) {
                if (m.getParameterCount() != 1)
                    continue;
                PersonalFields fields = PersonalFields.of(m.getParameterTypes()[0]);
                PersonalFields known = find(m.getName());
                if (known != null && known != fields || fields != null && plainNames.contains(m.getName()))
                    throw new IllegalStateException("event '" + m.getName() + "' of " + i.getSimpleName()
                            + " takes a " + m.getParameterTypes()[0].getSimpleName() + ", and another interface on the "
                            + "same queue names an event so with " + (known == null ? "no" : "other") + " personal "
                            + "data; expected one message class per event name");
                if (fields == null)
                    plainNames.add(m.getName());
                else if (known == null)
                    events.add(new Event(m.getName(), fields));
            }
    }

    /** Adds the events of every interface {@code component}'s class implements. */
    void carryImplementedBy(Object component) {
        List<Class<?>> interfaces = new ArrayList<>();
        for (Class<?> c = component.getClass(); c != null; c = c.getSuperclass())
            collect(c.getInterfaces(), interfaces);
        carry(interfaces);
    }

    private static void collect(Class<?>[] found, List<Class<?>> into) {
        for (Class<?> i : found) {
            into.add(i);
            collect(i.getInterfaces(), into);
        }
    }

    boolean isEmpty() {
        return events.isEmpty();
    }

    /** The personal fields of event {@code name}'s message, or {@code null} when it has none. */
    PersonalFields find(CharSequence name) {
        for (Event e : events)
            if (e.name.contentEquals(name))
                return e.fields;
        return null;
    }
}
