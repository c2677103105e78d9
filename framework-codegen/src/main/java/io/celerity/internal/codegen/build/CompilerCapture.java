package io.celerity.internal.codegen.build;

import net.openhft.chronicle.wire.Wires;
import net.openhft.compiler.CachedCompiler;

import java.io.File;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Points Chronicle's runtime compiler at the build's directories, so that each reader or writer class it compiles is
 * also written out as a class file (and its source kept). Chronicle holds its compiler in a package-private field of
 * {@link Wires}; if that ever changes, this fails loudly rather than generating nothing.
 */
final class CompilerCapture {

    private static final String FIELD = "CACHED_COMPILER";

    private final Field field;
    private final CachedCompiler compiler;

    private CompilerCapture(Field field, CachedCompiler compiler) {
        this.field = field;
        this.compiler = compiler;
    }

    /**
     * From now on Chronicle compiles into {@code classes}, sources into {@code sources} (may be null), for Java
     * {@code release} (null: the running JDK's).
     */
    static CompilerCapture install(Path classes, Path sources, Integer release) {
        try {
            Wires.init();
            Field field = Wires.class.getDeclaredField(FIELD);
            field.setAccessible(true);
            List<String> options = new ArrayList<>(List.of("-g", "-nowarn")); // Chronicle's own defaults
            if (release != null)
                options.addAll(List.of("--release", release.toString()));
            CachedCompiler compiler = new CachedCompiler(sources == null ? null : sources.toFile(), classes.toFile(),
                    options);
            field.set(null, compiler);
            return new CompilerCapture(field, compiler);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot redirect Chronicle's compiler (" + Wires.class.getName() + "."
                    + FIELD + "); this chronicle-wire version is not supported by the build-time generator", e);
        }
    }

    /** Whether every class compiled so far went through the redirected compiler (Chronicle drops it on an error). */
    boolean intact() {
        try {
            return field.get(null) == compiler;
        } catch (IllegalAccessException e) {
            return false;
        }
    }

    static File fileOf(Path classes, String className) {
        return classes.resolve(className.replace('.', File.separatorChar) + ".class").toFile();
    }
}
