package io.celerity.cli;

import io.celerity.fixtures.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where the command line finds your classes: a leading --classpath, else CELERITY_CLASSPATH. */
class UserClasspathTest {

    @TempDir
    Path dir;

    // As CelerityCli.execute reads them: picocli parses the option, the variable stands in when it is absent.
    private static UserClasspath of(String[] args, String variable) {
        CommandLine cli = new CommandLine(new CelerityCli());
        cli.parseArgs(args);
        return UserClasspath.of(cli.<CelerityCli>getCommand().classpath, variable);
    }

    @Test
    void optionInEitherFormWinsOverTheVariable() throws Exception {
        Path classes = Files.createDirectory(dir.resolve("classes"));
        Path other = Files.createDirectory(dir.resolve("other"));
        String[] spaced = {"--classpath", classes.toString(), "run", "services.yaml"};
        String[] joined = {"--classpath=" + classes, "run", "services.yaml"};

        assertEquals(List.of(classes), of(spaced, other.toString()).entries());
        assertEquals(List.of(classes), of(joined, other.toString()).entries());
        assertEquals(List.of(other), of(new String[]{"run", "services.yaml"}, other.toString()).entries());
        assertTrue(of(new String[]{"run", "services.yaml"}, null).isEmpty());
    }

    @Test
    void aStarStandsForEveryJarOfItsDirectoryInNameOrder() throws Exception {
        Path lib = Files.createDirectory(dir.resolve("lib"));
        Path b = Files.createFile(lib.resolve("b.jar"));
        Path a = Files.createFile(lib.resolve("a.jar"));
        Files.createFile(lib.resolve("notes.txt"));
        Path classes = Files.createDirectory(dir.resolve("classes"));

        String path = classes + File.pathSeparator + lib + File.separator + "*";
        assertEquals(List.of(classes, a, b), of(new String[]{"status", "x.yaml"}, path).entries());
    }

    @Test
    void aMissingEntryOrValueIsNamed() {
        String missing = dir.resolve("nowhere.jar").toString();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> of(new String[]{"--classpath", missing, "run", "services.yaml"}, null));
        assertTrue(e.getMessage().contains("'" + missing + "' does not exist"), e.getMessage());

        Cli.Result noValue = Cli.run("--classpath");
        assertNotEquals(0, noValue.status());
        assertTrue(noValue.err().contains("Missing required parameter for option '--classpath' (PATH)"), noValue.err());
        assertEquals(CelerityCli.USAGE_ERROR, CelerityCli.execute("--classpath", missing, "status", "services.yaml"));
    }
}
