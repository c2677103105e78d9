package io.celerity.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A YAML test directory on the classpath: {@code in.yaml}, optional {@code setup.yaml} (replayed first, its output
 * discarded), and the expected {@code out.yaml} and {@code out-<agitation>.yaml} files.
 *
 * @param dir      the directory as named by the test, relative to the classpath root
 * @param location where it is on disk (usually under target/test-classes)
 */
record Scenario(String dir, Path location, List<YamlEvent> setup, List<YamlEvent> events) {

    static Scenario load(String dir) {
        URL url = Thread.currentThread().getContextClassLoader().getResource(dir);
        if (url == null)
            throw new IllegalArgumentException("test directory '" + dir + "' is not on the classpath; "
                    + "expected it under src/test/resources");
        Path location;
        try {
            location = Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(dir + ": " + e.getMessage(), e);
        }
        Path in = location.resolve("in.yaml");
        if (!Files.exists(in))
            throw new IllegalArgumentException(dir + " has no in.yaml; expected the input events there");
        Path setup = location.resolve("setup.yaml");
        return new Scenario(dir, location,
                Files.exists(setup) ? YamlEvents.parse(dir + "/setup.yaml", read(setup)) : List.of(),
                YamlEvents.parse(dir + "/in.yaml", read(in)));
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the test is about: the first comment line of in.yaml, if there is one. */
    String title() {
        if (events.isEmpty() || events.get(0).comment().isEmpty())
            return dir;
        String first = events.get(0).comment().lines().findFirst().orElse("").replaceFirst("^#+\\s*", "");
        return first.isEmpty() ? dir : dir + ": " + first;
    }
}
