package io.celerity.api;

import io.celerity.host.ServiceHost;
import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
import net.openhft.chronicle.wire.MethodWriter;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Executable;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Member;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fence around the public API: framework-core's public types live in the API packages or under
 * {@code io.celerity.internal}; no API signature names an internal type; and docs/architecture.adoc lists each API type.
 */
class PublicApiTest {

    /** What users program against; everything else public is plumbing, under io.celerity.internal. */
    static final Set<String> API_PACKAGES = Set.of("io.celerity.api", "io.celerity.config", "io.celerity.host",
            "io.celerity.snapshot", "io.celerity.time", "io.celerity.extension", "io.celerity.encryption");
    private static final String INTERNAL = "io.celerity.internal.";

    @Test
    void everyPublicTypeIsApiOrInternal() throws Exception {
        List<String> strays = new ArrayList<>();
        for (Class<?> type : publicTypes())
            if (!type.getName().startsWith(INTERNAL) && !API_PACKAGES.contains(type.getPackageName()))
                strays.add(type.getName());
        assertEquals(List.of(), strays, "public types outside the API packages and io.celerity.internal");
    }

    @Test
    void noApiSignatureNamesAnInternalType() throws Exception {
        Set<String> leaks = new TreeSet<>();
        for (Class<?> type : apiTypes()) {
            check(type.getGenericSuperclass(), type.getName() + " extends", leaks);
            for (Type t : type.getGenericInterfaces())
                check(t, type.getName() + " implements", leaks);
            for (var field : type.getDeclaredFields())
                if (visible(field))
                    check(field.getGenericType(), where(type, field), leaks);
            List<Executable> executables = new ArrayList<>(List.of(type.getDeclaredMethods()));
            executables.addAll(List.of(type.getDeclaredConstructors()));
            for (Executable e : executables) {
                if (!visible(e) || e.isSynthetic())
                    continue;
                if (e instanceof java.lang.reflect.Method m)
                    check(m.getGenericReturnType(), where(type, e), leaks);
                for (Type p : e.getGenericParameterTypes())
                    check(p, where(type, e), leaks);
                for (Type x : e.getGenericExceptionTypes())
                    check(x, where(type, e), leaks);
            }
        }
        assertEquals(Set.of(), leaks, "API members whose signature names a type of io.celerity.internal");
    }

    @Test
    void architectureDocsListEveryApiType() throws Exception {
        String docs = Files.readString(Path.of("..", "docs", "architecture.adoc"));
        int start = docs.indexOf("== The public API");
        assertFalse(start < 0, "docs/architecture.adoc has no '== The public API' section");
        int end = docs.indexOf("\n== ", start + 1);
        String section = docs.substring(start, end < 0 ? docs.length() : end);
        List<String> missing = new ArrayList<>();
        for (Class<?> type : apiTypes())
            if (type.getEnclosingClass() == null && !section.contains("`" + type.getSimpleName() + "`"))
                missing.add(type.getName());
        assertEquals(List.of(), missing, "API types not named in the public API section of docs/architecture.adoc");
    }

    @Test
    void theReleaseRehearsalExpectsTheJavadocOfExactlyTheApiPackages() throws Exception {
        // The rehearsal checks the published javadoc against its own copy of this list; a new package must reach both.
        String rehearsal = Files.readString(Path.of("..", ".ci", "release-rehearsal"));
        String expected = "[ \"$api\" = \"" + String.join(" ", new TreeSet<>(API_PACKAGES)) + " \" ]";
        assertTrue(rehearsal.contains(expected), ".ci/release-rehearsal does not expect the javadoc of " + expected);
    }

    private static List<Class<?>> apiTypes() throws Exception {
        return publicTypes().stream().filter(t -> API_PACKAGES.contains(t.getPackageName())).toList();
    }

    /** Every public type (nested ones whose outer types are public too) compiled into framework-core. */
    private static List<Class<?>> publicTypes() throws IOException, URISyntaxException, ClassNotFoundException {
        Path classes = Path.of(ServiceHost.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Class<?>> types = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
                if (name.endsWith("package-info") || name.matches(".*\\$\\d.*"))
                    continue;
                Class<?> type = Class.forName(name, false, PublicApiTest.class.getClassLoader());
                if (exported(type) && !generated(type))
                    types.add(type);
            }
        }
        return types;
    }

    // Chronicle's generated readers and writers of an API interface must sit in its package; they are not API.
    private static boolean generated(Class<?> type) {
        return MethodWriter.class.isAssignableFrom(type) || AbstractGeneratedMethodReader.class.isAssignableFrom(type);
    }

    private static boolean exported(Class<?> type) {
        for (Class<?> t = type; t != null; t = t.getEnclosingClass())
            if (!Modifier.isPublic(t.getModifiers()))
                return false;
        return !type.isSynthetic();
    }

    private static boolean visible(Member member) {
        return Modifier.isPublic(member.getModifiers()) || Modifier.isProtected(member.getModifiers());
    }

    private static String where(Class<?> type, Member member) {
        return type.getName() + "." + member.getName();
    }

    private static void check(Type t, String where, Set<String> leaks) {
        if (t instanceof Class<?> c) {
            while (c.isArray())
                c = c.getComponentType();
            if (c.getName().startsWith(INTERNAL))
                leaks.add(where + " -> " + c.getName());
        } else if (t instanceof ParameterizedType p) {
            check(p.getRawType(), where, leaks);
            for (Type a : p.getActualTypeArguments())
                check(a, where, leaks);
        } else if (t instanceof GenericArrayType a) {
            check(a.getGenericComponentType(), where, leaks);
        } else if (t instanceof WildcardType w) {
            for (Type b : w.getUpperBounds())
                check(b, where, leaks);
            for (Type b : w.getLowerBounds())
                check(b, where, leaks);
        }
    }
}
