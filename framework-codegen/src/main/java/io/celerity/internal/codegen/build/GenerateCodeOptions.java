package io.celerity.internal.codegen.build;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of {@link GenerateCode}, which the build (celerity-build-parent) passes: parsed here rather than with
 * picocli, so that a service's own dependencies, framework-core's, do not include a command-line library.
 *
 * @param classes compiled classes to search for components; the generated classes are written there too
 * @param scanned more compiled classes to search, e.g. the main classes when generating for the tests
 * @param sources where to keep the generated sources, or {@code null}
 * @param release the Java release to compile for (javac's --release), or {@code null} for the running JDK's
 */
record GenerateCodeOptions(Path classes, List<Path> scanned, Path sources, Integer release) {

    static final String USAGE = "usage: GenerateCode --classes DIR [--scan DIR]... [--sources DIR] [--release N]";

    /** @throws IllegalArgumentException naming the argument that is wrong, and the usage */
    static GenerateCodeOptions parse(String... args) {
        Path classes = null;
        Path sources = null;
        Integer release = null;
        List<Path> scanned = new ArrayList<>();
        for (int i = 0; i < args.length; i += 2) {
            String option = args[i];
            if (i + 1 == args.length)
                throw new IllegalArgumentException(option + " needs a value; " + USAGE);
            String value = args[i + 1];
            switch (option) {
                case "--classes" -> classes = Path.of(value);
                case "--scan" -> scanned.add(Path.of(value));
                case "--sources" -> sources = Path.of(value);
                case "--release" -> release = release(value);
                default -> throw new IllegalArgumentException("unknown argument '" + option + "'; " + USAGE);
            }
        }
        if (classes == null)
            throw new IllegalArgumentException("--classes is missing; " + USAGE);
        return new GenerateCodeOptions(classes, List.copyOf(scanned), sources, release);
    }

    private static Integer release(String value) {
        try {
            return Integer.valueOf(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--release '" + value + "' is not a Java release number; " + USAGE);
        }
    }
}
