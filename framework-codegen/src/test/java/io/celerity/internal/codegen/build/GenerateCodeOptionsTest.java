package io.celerity.internal.codegen.build;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GenerateCodeOptionsTest {

    @Test
    void readsWhatTheBuildPasses() {
        GenerateCodeOptions o = GenerateCodeOptions.parse("--release", "17", "--classes", "target/test-classes",
                "--scan", "target/classes", "--scan", "more", "--sources", "target/gen");
        assertEquals(new GenerateCodeOptions(Path.of("target/test-classes"),
                List.of(Path.of("target/classes"), Path.of("more")), Path.of("target/gen"), 17), o);
        GenerateCodeOptions minimal = GenerateCodeOptions.parse("--classes", "c");
        assertEquals(List.of(), minimal.scanned());
        assertNull(minimal.sources());
        assertNull(minimal.release());
    }

    @Test
    void namesTheWrongArgument() {
        assertRefused("unknown argument '--clases'", "--clases", "c");
        assertRefused("--sources needs a value", "--classes", "c", "--sources");
        assertRefused("--classes is missing", "--scan", "c");
        assertRefused("--release 'seventeen' is not a Java release number", "--classes", "c", "--release", "seventeen");
    }

    private static void assertRefused(String expected, String... args) {
        var e = assertThrows(IllegalArgumentException.class, () -> GenerateCodeOptions.parse(args));
        assertTrue(e.getMessage().startsWith(expected) && e.getMessage().endsWith(GenerateCodeOptions.USAGE),
                e.getMessage());
    }
}
