package io.celerity.internal.codegen.build;

import io.celerity.internal.component.ComponentType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** Finds the component and agent classes among compiled classes (every class {@link ComponentType} accepts), and the others. */
final class ComponentScan {

    private ComponentScan() {
    }

    /**
     * @param skipped class names not to look at (the classes generated last time)
     */
    static List<Class<?>> components(Path classes, Set<String> skipped, ClassLoader loader) {
        return publicClasses(classes, skipped, loader).stream().filter(ComponentScan::isComponent).toList();
    }

    /** The public concrete classes that are no component, for {@link CodeBuilder#buildForOther}. */
    static List<Class<?>> others(Path classes, Set<String> skipped, ClassLoader loader) {
        return publicClasses(classes, skipped, loader).stream()
                .filter(c -> !Modifier.isAbstract(c.getModifiers()) && !isComponent(c)).toList();
    }

    private static boolean isComponent(Class<?> c) {
        try {
            ComponentType.ofComponentOrAgent(c); // an agent's writer is generated too
            return true;
        } catch (ComponentType.GenericEventException e) {
            throw e; // a component, whose events cannot be generated: the build's error, naming the method
        } catch (IllegalArgumentException | LinkageError notAComponent) {
            return false; // no input interface, no usable constructor...
        }
    }

    private static List<Class<?>> publicClasses(Path classes, Set<String> skipped, ClassLoader loader) {
        List<Class<?>> found = new ArrayList<>();
        for (String name : classNames(classes)) {
            if (skipped.contains(name))
                continue;
            Class<?> c;
            try {
                c = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                continue; // e.g. needs an optional dependency this classpath lacks: cannot be a service here either
            }
            if (Modifier.isPublic(c.getModifiers()) && !c.isInterface() && !c.isAnonymousClass() && !c.isLocalClass())
                found.add(c);
        }
        return found;
    }

    private static List<String> classNames(Path classes) {
        if (!Files.isDirectory(classes))
            return List.of();
        try (Stream<Path> files = Files.walk(classes)) {
            return files.map(classes::relativize).map(Path::toString)
                    .filter(f -> f.endsWith(".class") && !f.endsWith("module-info.class")
                            && !f.endsWith("package-info.class"))
                    .map(f -> f.substring(0, f.length() - ".class".length()).replace(java.io.File.separatorChar, '.'))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the classes in " + classes, e);
        }
    }
}
