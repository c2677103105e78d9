package io.celerity.internal.codegen.build;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * {@code META-INF/celerity/generated-code.txt} in the classes directory: the classes the last run generated, so that
 * the next one deletes them first (a stale class would be used as it is), and a fingerprint of what they were
 * generated from (the compiled classes and the class path), so that a build with nothing changed skips the work.
 *
 * @param inputs    the fingerprint, or empty when unknown
 * @param generated the generated classes' names
 */
record GeneratedIndex(String inputs, Set<String> generated) {

    static final String PATH = "META-INF/celerity/generated-code.txt";
    private static final String INPUTS = "# inputs ";

    static GeneratedIndex read(Path classes) throws IOException {
        Path file = classes.resolve(PATH);
        if (!Files.exists(file))
            return new GeneratedIndex("", Set.of());
        String inputs = "";
        Set<String> generated = new TreeSet<>();
        for (String line : Files.readAllLines(file)) {
            if (line.startsWith(INPUTS))
                inputs = line.substring(INPUTS.length());
            else if (!line.isBlank() && !line.startsWith("#"))
                generated.add(line.trim());
        }
        return new GeneratedIndex(inputs, generated);
    }

    void write(Path classes) throws IOException {
        Path file = classes.resolve(PATH);
        Files.createDirectories(file.getParent());
        List<String> lines = new ArrayList<>();
        lines.add(INPUTS + inputs);
        lines.addAll(generated);
        Files.write(file, lines);
    }

    /** Whether every class it lists is still there. */
    boolean present(Path classes) {
        return generated.stream().allMatch(name -> CompilerCapture.fileOf(classes, name).exists());
    }

    /** When a class path entry last changed (a directory: its newest file); the fingerprinted directories aside. */
    private static long lastChange(Path entry, List<Path> dirs) throws IOException {
        Path absolute = entry.toAbsolutePath().normalize();
        if (dirs.stream().anyMatch(d -> d.toAbsolutePath().normalize().equals(absolute)) || !Files.exists(entry))
            return 0;
        if (!Files.isDirectory(entry))
            return Files.getLastModifiedTime(entry).toMillis() ^ Files.size(entry);
        try (Stream<Path> files = Files.walk(entry)) {
            long newest = 0;
            for (Path f : (Iterable<Path>) files::iterator)
                newest = Math.max(newest, Files.getLastModifiedTime(f).toMillis());
            return newest;
        }
    }

    /** The fingerprint of the class files in {@code dirs} but {@code generated} (sizes, times) and of the class path. */
    static String fingerprint(List<Path> dirs, Set<String> generated) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator))
                digest.update((entry + " " + lastChange(Path.of(entry), dirs) + "\n").getBytes(StandardCharsets.UTF_8));
            for (Path dir : dirs) {
                if (!Files.isDirectory(dir))
                    continue;
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class")).sorted()::iterator) {
                        String relative = dir.relativize(f).toString();
                        String name = relative.substring(0, relative.length() - 6).replace(File.separatorChar, '.');
                        if (generated.contains(name))
                            continue;
                        digest.update((relative + " " + Files.size(f) + " " + Files.getLastModifiedTime(f).toMillis()
                                + "\n").getBytes(StandardCharsets.UTF_8));
                    }
                }
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JDK has SHA-256
        }
    }
}
