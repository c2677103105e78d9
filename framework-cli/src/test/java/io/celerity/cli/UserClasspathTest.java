package io.celerity.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where the command line finds your classes: a leading --classpath, else CELERITY_CLASSPATH. */
class UserClasspathTest {

    @TempDir
    Path dir;

    @Test
    void optionInEitherFormWinsOverTheVariable() throws Exception {
        Path classes = Files.createDirectory(dir.resolve("classes"));
        Path other = Files.createDirectory(dir.resolve("other"));
        String[] spaced = {"--classpath", classes.toString(), "run", "services.yaml"};
        String[] joined = {"--classpath=" + classes, "run", "services.yaml"};

        assertEquals(List.of(classes), UserClasspath.of(spaced, other.toString()).entries());
        assertEquals(List.of(classes), UserClasspath.of(joined, other.toString()).entries());
        assertEquals(List.of(other), UserClasspath.of(new String[]{"run", "services.yaml"}, other.toString()).entries());
        assertTrue(UserClasspath.of(new String[]{"run", "services.yaml"}, null).isEmpty());
    }

    @Test
    void onlyBeforeTheCommandButAmongTheOtherOptions() throws Exception {
        Path classes = Files.createDirectory(dir.resolve("classes"));
        Path other = Files.createDirectory(dir.resolve("other"));

        assertEquals(List.of(classes), UserClasspath.of(new String[]{"-V", "--classpath", classes.toString()}, null)
                .entries());
        assertEquals(List.of(other), UserClasspath.of(new String[]{"run", "--classpath", classes.toString()},
                other.toString()).entries(), "after the command it is the command's (picocli refuses it there)");
    }

    @Test
    void aStarStandsForEveryJarOfItsDirectoryInNameOrder() throws Exception {
        Path lib = Files.createDirectory(dir.resolve("lib"));
        Path b = Files.createFile(lib.resolve("b.jar"));
        Path a = Files.createFile(lib.resolve("a.jar"));
        Files.createFile(lib.resolve("notes.txt"));
        Path classes = Files.createDirectory(dir.resolve("classes"));

        String path = classes + File.pathSeparator + lib + File.separator + "*";
        assertEquals(List.of(classes, a, b), UserClasspath.of(new String[]{"status", "x.yaml"}, path).entries());
    }

    @Test
    void aMissingEntryOrValueIsNamed() {
        String missing = dir.resolve("nowhere.jar").toString();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> UserClasspath.of(new String[]{"--classpath", missing, "run", "services.yaml"}, null));
        assertTrue(e.getMessage().contains("'" + missing + "' does not exist"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> UserClasspath.of(new String[]{"--classpath"}, null));
        assertTrue(e.getMessage().contains("--classpath needs a PATH"), e.getMessage());
        assertEquals(CelerityCli.USAGE_ERROR, CelerityCli.execute("--classpath", missing, "status", "services.yaml"));
    }
}
