package io.celerity.testing;

import org.opentest4j.AssertionFailedError;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compares actual output with an expected file, or, in regress mode ({@code -Dregress.tests}), rewrites the expected
 * file in {@code src/test/resources} from the actual output and says so.
 */
final class Expectations {

    // What this JVM wrote in regress mode, so two run modes that disagree fail instead of the last one winning.
    private static final Map<Path, String> REGRESSED = new ConcurrentHashMap<>();

    private Expectations() {
    }

    static boolean regressMode() {
        String v = System.getProperty("regress.tests");
        return v != null && !v.equalsIgnoreCase("false") && !v.equals("0") && !v.equalsIgnoreCase("no");
    }

    static void verify(Scenario scenario, String file, String actual) {
        Path onClasspath = scenario.location().resolve(file);
        String expected = Files.exists(onClasspath) ? normalise(Scenario.read(onClasspath)) : null;
        String actualText = normalise(actual);
        String name = scenario.dir() + "/" + file;
        if (regressMode()) {
            String earlier = REGRESSED.putIfAbsent(onClasspath, actualText);
            if (earlier != null && !earlier.equals(actualText))
                throw new AssertionFailedError(name + ": two runs in this JVM (run modes, or test factories with "
                        + "different settings) produced different output, so regress mode cannot choose; the first "
                        + "run's output is the expected value here", earlier, actualText);
            Path source = sourceFile(scenario, file);
            String current = Files.exists(source) ? normalise(Scenario.read(source)) : null;
            if (!actualText.equals(current)) {
                write(source, actualText);
                // Printed, not logged: the user must see which expected files regress mode changed.
                System.out.println("regress.tests: " + (current == null ? "created " : "updated ") + source);
            }
            if (!actualText.equals(expected))
                write(onClasspath, actualText);
            return;
        }
        if (expected == null)
            throw new AssertionFailedError(name + " does not exist; to create it from the actual output, run the tests "
                    + "with -Dregress.tests (e.g. mvn test -Dregress.tests), then review and commit it", "", actualText);
        if (!expected.equals(actualText))
            throw new AssertionFailedError(name + " differs from the actual output; if the actual output is right, "
                    + "rerun with -Dregress.tests to accept it\n" + FirstDifference.of(expected, actualText),
                    expected, actualText);
    }

    /** The copy under src/test/resources when the test runs from its module (as Maven and IDEs do). */
    private static Path sourceFile(Scenario scenario, String file) {
        Path source = Path.of("src", "test", "resources").resolve(scenario.dir());
        return Files.isDirectory(source) ? source.resolve(file).toAbsolutePath() : scenario.location().resolve(file);
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String normalise(String text) {
        String t = text.replace("\r\n", "\n").stripTrailing();
        return t.isEmpty() ? "" : t + "\n";
    }

    static String fileFor(String agitationName) {
        return agitationName == null ? "out.yaml" : "out-" + agitationName + ".yaml";
    }
}
