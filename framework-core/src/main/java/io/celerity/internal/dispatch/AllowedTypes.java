package io.celerity.internal.dispatch;

import net.openhft.chronicle.core.pool.ClassAliasPool;
import net.openhft.chronicle.core.pool.ClassLookup;
import net.openhft.chronicle.core.util.ClassNotFoundRuntimeException;
import net.openhft.chronicle.core.util.StringUtils;
import net.openhft.chronicle.wire.WireCommon;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The class lookup of a service's input wires: a type tag resolves only to a class the component's input interfaces
 * declare. Any other name is refused before a class loader sees it, so no static initialiser or constructor of an
 * undeclared class can run because a message named it. Used by one loop thread; allocates nothing on a match.
 */
public final class AllowedTypes implements ClassLookup {

    private final String[] names;
    private final Class<?>[] classes;
    private final StringBuilder rejected = new StringBuilder();
    private final RejectedType rejection = new RejectedType();
    private boolean rejectedSinceAsked;

    public AllowedTypes(Collection<Class<?>> allowed) {
        List<String> n = new ArrayList<>();
        List<Class<?>> c = new ArrayList<>();
        for (Class<?> type : allowed) {
            // A writer tags with the alias Chronicle knows the class by, if it has one, else the class name.
            for (String name : new String[]{type.getName(), ClassAliasPool.CLASS_ALIASES.nameFor(type)}) {
                if (!n.contains(name)) {
                    n.add(name);
                    c.add(type);
                }
            }
        }
        this.names = n.toArray(new String[0]);
        this.classes = c.toArray(new Class<?>[0]);
    }

    @Override
    public Class<?> forName(CharSequence name) {
        for (int i = 0; i < names.length; i++)
            if (StringUtils.isEqual(names[i], name))
                return classes[i];
        rejected.setLength(0);
        rejected.append(name);
        rejectedSinceAsked = true;
        throw rejection;
    }

    /** Makes {@code wire} resolve type tags here; called per message, as Chronicle replaces a tailer's wire per file. */
    public void applyTo(WireCommon wire) {
        wire.classLookup(this);
        rejectedSinceAsked = false;
    }

    /** True once after a message named a type that is not allowed; the name is then {@link #rejectedName()}. */
    public boolean takeRejection() {
        boolean r = rejectedSinceAsked;
        rejectedSinceAsked = false;
        return r;
    }

    /** The last type name refused. */
    public String rejectedName() {
        return rejected.toString();
    }

    /** The names a type tag may use, for reports. */
    List<String> allowedNames() {
        return List.of(names);
    }

    @Override
    public String nameFor(Class<?> clazz) {
        return ClassAliasPool.CLASS_ALIASES.nameFor(clazz);
    }

    @Override
    public void addAlias(Class<?>... classes) {
        throw new UnsupportedOperationException("the types a service accepts are fixed by its input interfaces");
    }

    @Override
    public void addAlias(Class<?> clazz, String names) {
        throw new UnsupportedOperationException("the types a service accepts are fixed by its input interfaces");
    }

    /**
     * Stops decoding a message that names a type not allowed; one instance, reused. A ClassNotFoundRuntimeException,
     * as {@link ClassLookup#forName} promises, because Chronicle's field readers pass only that kind on: others they
     * log and swallow, and the handler would then see the message with the field left at its default.
     */
    static final class RejectedType extends ClassNotFoundRuntimeException {
        RejectedType() {
            super(new ClassNotFoundException("type not declared by the service's input interfaces"));
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this; // thrown from wherever a tag is read: a stack from where it was built would mislead
        }
    }
}
