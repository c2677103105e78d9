package io.celerity.internal.component;

import io.celerity.api.FailedInput;
import io.celerity.api.FailedInputs;
import io.celerity.api.ServiceContext;
import org.agrona.concurrent.Agent;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How a component class is built and called: its input interfaces, the constructor to use, its output interfaces and
 * its optional settings type.
 */
public final class ComponentType {

    private final Class<?> implClass;
    private final List<Class<?>> inputInterfaces;
    private final Constructor<?> constructor;
    private final List<Class<?>> outputInterfaces;
    private final Class<?> settingsType;

    private ComponentType(Class<?> implClass, List<Class<?>> inputInterfaces, Constructor<?> constructor,
                          List<Class<?>> outputInterfaces, Class<?> settingsType) {
        this.implClass = implClass;
        this.inputInterfaces = List.copyOf(inputInterfaces);
        this.constructor = constructor;
        this.outputInterfaces = List.copyOf(outputInterfaces);
        this.settingsType = settingsType;
    }

    /**
     * Inspects a component class.
     *
     * @throws IllegalArgumentException saying what is wrong when the class cannot be a component
     */
    public static ComponentType of(Class<?> implClass) {
        requireConcrete(implClass);
        List<Class<?>> inputs = inputInterfacesOf(implClass);
        if (inputs.isEmpty())
            throw new IllegalArgumentException(implClass.getName()
                    + " implements no input interface; expected it to implement an interface of event methods");
        ComponentType type = withConstructor(implClass, inputs);
        for (Class<?> events : type.inputInterfaces)
            requireNoGenericEvents(implClass, events);
        for (Class<?> events : type.outputInterfaces)
            requireNoGenericEvents(implClass, events);
        return type;
    }

    /**
     * Chronicle's generated readers and writers cannot chain through a generic return type (and fall back to a proxy):
     * refused here, naming the method, so the build says so rather than failing inside Chronicle.
     */
    private static void requireNoGenericEvents(Class<?> implClass, Class<?> events) {
        for (Method m : events.getMethods())
            if (Modifier.isAbstract(m.getModifiers()) && !(m.getGenericReturnType() instanceof Class<?>))
                throw new GenericEventException(implClass.getName() + ": event method " + events.getName() + "."
                        + m.getName() + " returns " + m.getGenericReturnType().getTypeName() + "; an event method "
                        + "returns void or a plain interface to chain to, not a generic type");
    }

    /** A component whose event interfaces Celerity cannot generate readers and writers for: a build error. */
    public static final class GenericEventException extends IllegalArgumentException {
        GenericEventException(String message) {
            super(message);
        }
    }

    /**
     * Inspects a user's agent class: an {@link Agent} with no inputs, built like a component from its output
     * interface(s), optionally a {@link ServiceContext} and one settings object.
     *
     * @throws IllegalArgumentException saying what is wrong when the class cannot be an agent
     */
    public static ComponentType ofAgent(Class<?> implClass) {
        if (!Agent.class.isAssignableFrom(implClass))
            throw new IllegalArgumentException(implClass.getName() + " does not implement org.agrona.concurrent.Agent;"
                    + " expected an agent class (int doWork(), String roleName())");
        requireConcrete(implClass);
        ComponentType type = withConstructor(implClass, List.of());
        if (type.outputInterfaces.isEmpty())
            throw new IllegalArgumentException(implClass.getName() + " takes no output interface in its constructor; "
                    + "expected a public constructor taking the interface of the events it writes");
        return type;
    }

    /** A user's agent ({@link #ofAgent}) when the class implements {@link Agent}, otherwise a component ({@link #of}). */
    public static ComponentType ofComponentOrAgent(Class<?> implClass) {
        return Agent.class.isAssignableFrom(implClass) ? ofAgent(implClass) : of(implClass);
    }

    private static void requireConcrete(Class<?> implClass) {
        if (implClass.isInterface() || Modifier.isAbstract(implClass.getModifiers()))
            throw new IllegalArgumentException(implClass.getName() + " is abstract; expected a concrete class");
    }

    private static ComponentType withConstructor(Class<?> implClass, List<Class<?>> inputs) {
        Constructor<?> best = null;
        for (Constructor<?> c : implClass.getConstructors())
            if (isUsable(c) && (best == null || c.getParameterCount() > best.getParameterCount()))
                best = c;
        if (best == null)
            throw new IllegalArgumentException(implClass.getName() + " has no usable constructor; expected a public "
                    + "constructor taking its output interface(s), optionally a ServiceContext and one settings object");
        List<Class<?>> outputs = new ArrayList<>();
        Class<?> settings = null;
        for (Class<?> p : best.getParameterTypes()) {
            if (p == ServiceContext.class) continue;
            if (p.isInterface()) outputs.add(p);
            else settings = p;
        }
        return new ComponentType(implClass, inputs, best, outputs, settings);
    }

    /** The event interfaces the class implements, excluding the JDK's and the libraries' own. */
    private static List<Class<?>> inputInterfacesOf(Class<?> implClass) {
        Set<Class<?>> found = new LinkedHashSet<>();
        for (Class<?> c = implClass; c != null && c != Object.class; c = c.getSuperclass())
            collectInterfaces(c, found);
        List<Class<?>> inputs = new ArrayList<>();
        for (Class<?> i : found)
            if (!isPlatformType(i) && !extendsPlatformType(i) && hasEventMethod(i))
                inputs.add(i);
        return inputs;
    }

    /** E.g. the {@code MessageDecoder} of codecs Artio generated into the user's package: a library's type, not events. */
    private static boolean extendsPlatformType(Class<?> iface) {
        Set<Class<?>> supers = new LinkedHashSet<>();
        collectInterfaces(iface, supers);
        for (Class<?> s : supers)
            if (isPlatformType(s))
                return true;
        return false;
    }

    private static void collectInterfaces(Class<?> c, Set<Class<?>> found) {
        for (Class<?> i : c.getInterfaces())
            if (found.add(i))
                collectInterfaces(i, found);
    }

    /**
     * An interface of events: some abstract method takes at most one argument, and none returns anything but void or
     * an interface of the user's to chain to. One that answers (a String, a number, a JDK type) is a query, not
     * events: a class implementing only such interfaces is no component.
     */
    private static boolean hasEventMethod(Class<?> iface) {
        boolean event = false;
        for (Method m : iface.getMethods()) {
            if (!Modifier.isAbstract(m.getModifiers()))
                continue;
            Class<?> returned = m.getReturnType();
            if (returned != void.class && (!returned.isInterface() || isPlatformType(returned)))
                return false;
            event |= m.getParameterCount() <= 1;
        }
        return event;
    }

    /**
     * The JDK's, Chronicle's, Aeron's, Artio's and Celerity's API and extension types: never a component's own events,
     * messages or outputs; except the failure reports, which an operator's service takes as its input.
     */
    static boolean isPlatformType(Class<?> c) {
        if (c == FailedInputs.class || c == FailedInput.class)
            return false;
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.")
                || n.startsWith("net.openhft.") || n.startsWith("org.agrona.") || n.startsWith("io.aeron.")
                || n.startsWith("uk.co.real_logic.") || n.startsWith("io.celerity.api.")
                || n.startsWith("io.celerity.config.") || n.startsWith("io.celerity.extension.")
                || n.startsWith("io.celerity.fix.");
    }

    /** Usable: every parameter is an output interface, the ServiceContext, or one settings class. */
    private static boolean isUsable(Constructor<?> c) {
        int contexts = 0, settings = 0;
        for (Class<?> p : c.getParameterTypes()) {
            if (p == ServiceContext.class) contexts++;
            else if (p.isPrimitive() || p.isArray() || p == String.class) return false;
            else if (!p.isInterface()) settings++;
            else if (isPlatformType(p)) return false;
        }
        return contexts <= 1 && settings <= 1;
    }

    /** The component class. */
    public Class<?> implClass() {
        return implClass;
    }

    /** The interfaces whose methods are the events this component accepts. */
    public List<Class<?>> inputInterfaces() {
        return inputInterfaces;
    }

    /**
     * This component with {@code notInputs}, interfaces it implements only to be given its own outputs or its snapshot
     * back, no longer counted among its inputs.
     *
     * @throws IllegalArgumentException when no input interface would be left
     */
    public ComponentType withoutInputs(Collection<Class<?>> notInputs) {
        List<Class<?>> inputs = new ArrayList<>(inputInterfaces);
        inputs.removeAll(notInputs);
        if (inputs.isEmpty())
            throw new IllegalArgumentException(implClass.getName() + " implements no input interface besides "
                    + names(notInputs) + ", which it implements to be given its outputs or its snapshot back; expected "
                    + "an interface of the events it reads as well");
        return new ComponentType(implClass, inputs, constructor, outputInterfaces, settingsType);
    }

    /**
     * The interfaces it implements to be given its state back rather than to read events: its output interfaces when its
     * outputs are replayed into it, and its snapshot's state interface when it takes snapshots.
     *
     * @param snapshotMethod the method that writes its snapshot, or {@code null}
     */
    public List<Class<?>> stateInterfaces(boolean replaysOutputs, String snapshotMethod) {
        List<Class<?>> state = new ArrayList<>(replaysOutputs ? implementedOutputs() : List.of());
        if (snapshotMethod != null)
            state.add(snapshotMethod(snapshotMethod).getParameterTypes()[0]);
        return state;
    }

    /** Its output interfaces that it also implements, so its own outputs can be replayed into it. */
    public List<Class<?>> implementedOutputs() {
        List<Class<?>> implemented = new ArrayList<>();
        for (Class<?> out : outputInterfaces)
            if (out.isAssignableFrom(implClass))
                implemented.add(out);
        return implemented;
    }

    /**
     * The public method that writes a snapshot: {@code void name(S out)}, where {@code S} is an interface of state events
     * that the component implements too, so the snapshot can be read back into it.
     *
     * @throws IllegalArgumentException when there is no such method
     */
    public Method snapshotMethod(String name) {
        for (Method m : implClass.getMethods()) {
            if (!m.getName().equals(name) || m.getReturnType() != void.class || m.getParameterCount() != 1)
                continue;
            Class<?> state = m.getParameterTypes()[0];
            if (!state.isInterface() || isPlatformType(state))
                continue;
            if (!state.isAssignableFrom(implClass))
                throw new IllegalArgumentException(implClass.getName() + "." + name + " writes " + state.getName()
                        + " events, which " + implClass.getSimpleName() + " does not implement; expected it to "
                        + "implement " + state.getSimpleName() + " so a restart can give it the snapshot back");
            if (!hasEventMethod(state))
                throw new IllegalArgumentException(state.getName() + " has no event method; expected methods of one "
                        + "parameter, one per kind of state event");
            return m;
        }
        throw new IllegalArgumentException(implClass.getName() + " has no public method void " + name
                + "(S out) where S is an interface of state events; expected one to write a snapshot");
    }

    private static String names(Collection<Class<?>> types) {
        List<String> names = new ArrayList<>();
        types.forEach(t -> names.add(t.getSimpleName()));
        return names.toString();
    }

    /** The classes its input messages may name in a type tag (see {@link MessageTypes}). */
    public Set<Class<?>> messageTypes() {
        return MessageTypes.declaredBy(inputInterfaces);
    }

    /** The interfaces the component emits on, in constructor order; empty for a pure sink. */
    public List<Class<?>> outputInterfaces() {
        return outputInterfaces;
    }

    /** The type of the per-service settings the constructor takes, or {@code null}. */
    public Class<?> settingsType() {
        return settingsType;
    }

    /**
     * Builds the component.
     *
     * @param output   an object implementing every output interface
     * @param context  the service context, or {@code null} when the constructor does not take one
     * @param settings the settings object, or {@code null}
     */
    public Object newInstance(Object output, ServiceContext context, Object settings) {
        Class<?>[] types = constructor.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++)
            args[i] = types[i] == ServiceContext.class ? context : types[i].isInterface() ? output : settings;
        try {
            return constructor.newInstance(args);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("constructor of " + implClass.getName() + " threw " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot construct " + implClass.getName() + ": " + e, e);
        }
    }

    /**
     * The public method to call for a timer tick: no parameters, or one {@code long} (the current wall-clock time in ns).
     *
     * @throws IllegalArgumentException when there is no such method
     */
    public Method timerMethod(String name) {
        for (Method m : implClass.getMethods())
            if (m.getName().equals(name) && m.getReturnType() == void.class
                    && (m.getParameterCount() == 0 || (m.getParameterCount() == 1 && m.getParameterTypes()[0] == long.class)))
                return m;
        throw new IllegalArgumentException(implClass.getName() + " has no public method void " + name
                + "() or void " + name + "(long nowNanos)");
    }

    /** A handle of type {@code (long)void} calling the timer method on {@code component}; no allocation per call. */
    public static MethodHandle timerHandle(Method method, Object component) {
        try {
            MethodHandle h = MethodHandles.publicLookup().unreflect(method).bindTo(component);
            if (method.getParameterCount() == 0)
                h = MethodHandles.dropArguments(h, 0, long.class);
            return h.asType(MethodType.methodType(void.class, long.class));
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException("timer method " + method + " is not accessible", e);
        }
    }
}
