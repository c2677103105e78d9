package io.celerity.internal.codegen.build;

import io.celerity.internal.chronicle.GeneratedCode;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Generates and compiles, at build time, the method readers and writers of every component in a directory of compiled
 * classes, under the names Chronicle looks up first: a service then starts with no javac and no jdk.compiler exports.
 * Run it in a JVM with Chronicle's flags and the application's classpath, after compiling (see docs/user-guide.adoc).
 */
public final class GenerateCode {

    private final Path classes;
    private final List<Path> scanned;
    private final Path sources;
    private final Integer release;

    private GenerateCode(GenerateCodeOptions options) {
        this.classes = options.classes();
        this.scanned = options.scanned();
        this.sources = options.sources();
        this.release = options.release();
    }

    public static void main(String[] args) throws IOException {
        GenerateCodeOptions options;
        try {
            options = GenerateCodeOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("celerity: " + e.getMessage());
            System.exit(2);
            return;
        }
        new GenerateCode(options).run();
    }

    private void run() throws IOException {
        long start = System.nanoTime();
        List<Path> inputs = new ArrayList<>(scanned);
        inputs.add(0, classes);
        GeneratedIndex last = GeneratedIndex.read(classes);
        if (!last.inputs().isEmpty() && last.present(classes)
                && last.inputs().equals(GeneratedIndex.fingerprint(inputs, last.generated()))) {
            System.out.printf("celerity: %d generated method reader/writer class(es) in %s up to date%n",
                    last.generated().size(), classes);
            return;
        }
        Set<String> previous = last.generated();
        for (String name : previous) // they may be stale, and Chronicle would use them as they are
            Files.deleteIfExists(CompilerCapture.fileOf(classes, name).toPath());
        Set<String> before = classFiles();
        CompilerCapture capture = CompilerCapture.install(classes, sources, release);
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        List<Class<?>> components = new ArrayList<>(ComponentScan.components(classes, previous, loader));
        List<Class<?>> others = new ArrayList<>(ComponentScan.others(classes, previous, loader));
        for (Path dir : scanned) {
            components.addAll(ComponentScan.components(dir, previous, loader));
            others.addAll(ComponentScan.others(dir, previous, loader));
        }
        List<CodeBuilder> builders = new ArrayList<>();
        builders.add(ComponentCode::build);
        ServiceLoader.load(CodeBuilder.class, loader).forEach(builders::add);
        Set<Class<?>> used = new LinkedHashSet<>();
        Path scratch = Files.createTempDirectory("celerity-generate-code");
        try (ChronicleQueue queue = SingleChronicleQueueBuilder.binary(scratch).build()) {
            for (Class<?> component : components)
                for (CodeBuilder builder : builders)
                    used.addAll(build(builder, component, queue));
            for (Class<?> other : others)
                for (CodeBuilder builder : builders)
                    used.addAll(buildForOther(builder, other, queue));
            used.addAll(ComponentCode.buildFramework(queue));
        } finally {
            deleteTree(scratch);
        }
        if (!capture.intact())
            throw new IllegalStateException("Chronicle failed to compile a generated class and dropped the redirected "
                    + "compiler; see the errors above");
        Set<String> generated = new TreeSet<>(classFiles());
        generated.removeAll(before);
        for (Class<?> c : used) {
            if (CompilerCapture.fileOf(classes, c.getName()).exists())
                generated.add(c.getName());
            else if (GeneratedCode.compiledAtRuntime(c))
                throw new IllegalStateException(c.getName() + " was compiled but not written to " + classes);
        }
        new GeneratedIndex(GeneratedIndex.fingerprint(inputs, generated), generated).write(classes);
        System.out.printf("celerity: %d generated method reader/writer class(es) for %d component(s) in %s (%d ms)%n",
                generated.size(), components.size(), classes, (System.nanoTime() - start) / 1_000_000);
    }

    private static Set<Class<?>> build(CodeBuilder builder, Class<?> component, ChronicleQueue queue) {
        try {
            return builder.build(component, queue);
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot generate the method readers and writers of component "
                    + component.getName() + " (" + builder.getClass().getName() + "): " + e.getMessage(), e);
        }
    }

    private static Set<Class<?>> buildForOther(CodeBuilder builder, Class<?> type, ChronicleQueue queue) {
        try {
            return builder.buildForOther(type, queue);
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot generate the method readers and writers " + type.getName()
                    + " needs (" + builder.getClass().getName() + "): " + e.getMessage(), e);
        }
    }

    private Set<String> classFiles() {
        if (!Files.isDirectory(classes))
            return Set.of();
        try (Stream<Path> files = Files.walk(classes)) {
            Set<String> names = new TreeSet<>();
            files.map(classes::relativize).map(Path::toString).filter(f -> f.endsWith(".class"))
                    .forEach(f -> names.add(f.substring(0, f.length() - 6).replace(File.separatorChar, '.')));
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> all = new ArrayList<>(files.sorted(Comparator.reverseOrder()).toList());
            for (Path p : all)
                Files.deleteIfExists(p);
        }
    }
}
