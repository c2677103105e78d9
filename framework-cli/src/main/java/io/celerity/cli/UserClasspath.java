package io.celerity.cli;

import picocli.CommandLine;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Your services' classes for the command line: {@code --classpath PATH} before the command, else the
 * {@code CELERITY_CLASSPATH} variable; jars and directories separated by the path separator, {@code dir/*} for every
 * jar in a directory.
 * <p>
 * The command then runs in one class loader holding Celerity, Chronicle and these classes, so Chronicle finds them by
 * name (e.g. {@code dump}'s event interface). Chronicle adds the loader's URLs to {@code java.class.path} when it
 * loads ({@code Jvm.addToClassPath}), where javac finds your interfaces to compile their generated readers and writers.
 */
final class UserClasspath {

    static final String OPTION = ClasspathOption.NAME;
    static final String VARIABLE = "CELERITY_CLASSPATH";
    private static final String LOADER_NAME = "celerity";
    private static final String PICOCLI = CommandLine.class.getPackageName() + ".";

    private final List<Path> entries;

    private UserClasspath(List<Path> entries) {
        this.entries = entries;
    }

    /** The classes named by {@code --classpath PATH} before the command in {@code args}, else by {@code variable}. */
    static UserClasspath of(String[] args, String variable) {
        String option = ClasspathOption.in(args);
        String path = option != null ? option : variable;
        List<Path> entries = new ArrayList<>();
        if (path != null)
            for (String entry : path.split(File.pathSeparator))
                if (!entry.isEmpty())
                    entries.addAll(expand(entry));
        return new UserClasspath(entries);
    }

    private static List<Path> expand(String entry) {
        boolean allJars = entry.endsWith(File.separator + "*") || entry.equals("*");
        Path path = Path.of(allJars ? entry.substring(0, entry.length() - 1) : entry).toAbsolutePath().normalize();
        if (!Files.exists(path))
            throw new IllegalArgumentException("classpath entry '" + entry + "' does not exist (" + path + ")");
        if (!allJars)
            return List.of(path);
        try (Stream<Path> files = Files.list(path)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list the jars of classpath entry '" + entry + "': " + e);
        }
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The jars and directories, absolute, {@code dir/*} expanded. */
    List<Path> entries() {
        return entries;
    }

    /** Whether {@code type} was loaded by the loader {@link #execute} makes, i.e. the classes are in reach already. */
    static boolean loadedBy(Class<?> type) {
        return LOADER_NAME.equals(type.getClassLoader().getName());
    }

    /** Calls {@code main.execute(args)} afresh in a loader holding this JVM's class path and these classes. */
    int execute(Class<?> main, String[] args) {
        List<Path> all = new ArrayList<>();
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).filter(e -> !e.isEmpty())
                .map(Path::of).forEach(all::add);
        all.addAll(entries);
        // The platform loader as parent: Celerity and Chronicle load here too, not from the application loader.
        // Never closed: the command's threads load classes until the JVM exits.
        ClassLoader loader = new URLClassLoader(LOADER_NAME, urls(all), ClassLoader.getPlatformClassLoader()) {
            // picocli, loaded already to read --classpath, is shared, not loaded twice: it links to nothing of ours.
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                return name.startsWith(PICOCLI) ? CommandLine.class.getClassLoader().loadClass(name)
                        : super.loadClass(name, resolve);
            }
        };
        Thread.currentThread().setContextClassLoader(loader);
        try {
            Method execute = Class.forName(main.getName(), true, loader).getMethod("execute", String[].class);
            return (Integer) execute.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r)
                throw r;
            if (e.getCause() instanceof Error err)
                throw err;
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot start " + main.getName() + " with the user classpath", e);
        }
    }

    private static URL[] urls(List<Path> paths) {
        URL[] urls = new URL[paths.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = paths.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("classpath entry '" + paths.get(i) + "': " + e.getMessage());
            }
        }
        return urls;
    }

    @Override
    public String toString() {
        return entries.toString();
    }
}
