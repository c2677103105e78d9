package io.celerity.internal.codegen.build;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneratedIndexTest {

    private static final String GENERATED = "a.FooBinarylightMethodWriter";

    @TempDir
    Path classes;

    @Test
    void aRebuildWithNothingChangedMatchesAndAChangedClassDoesNot() throws Exception {
        Path own = write("a/Foo.class", "one");
        write("a/FooBinarylightMethodWriter.class", "generated");
        new GeneratedIndex(GeneratedIndex.fingerprint(List.of(classes), Set.of(GENERATED)), Set.of(GENERATED))
                .write(classes);

        GeneratedIndex read = GeneratedIndex.read(classes);
        assertEquals(Set.of(GENERATED), read.generated());
        assertTrue(read.present(classes));
        assertEquals(read.inputs(), GeneratedIndex.fingerprint(List.of(classes), read.generated()));

        // The generated classes are rewritten by every generation: they do not count.
        write("a/FooBinarylightMethodWriter.class", "generated again, longer");
        assertEquals(read.inputs(), GeneratedIndex.fingerprint(List.of(classes), read.generated()));

        Files.setLastModifiedTime(own, FileTime.fromMillis(Files.getLastModifiedTime(own).toMillis() + 2_000));
        assertNotEquals(read.inputs(), GeneratedIndex.fingerprint(List.of(classes), read.generated()),
                "a recompiled class means generating again");

        Files.delete(classes.resolve("a/FooBinarylightMethodWriter.class"));
        assertFalse(GeneratedIndex.read(classes).present(classes), "a deleted generated class means generating again");
    }

    private Path write(String relative, String content) throws Exception {
        Path file = classes.resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, content);
    }
}
