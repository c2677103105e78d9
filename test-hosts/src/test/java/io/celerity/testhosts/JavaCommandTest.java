package io.celerity.testhosts;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JavaCommandTest {

    @Test
    void forwardsChronicleFlagsInBothFormsAndNothingElse() {
        List<String> input = List.of("-Xmx1g", "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED", "-Dchronicle.analytics.disable=true",
                "-Dother=1", "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                "-Dproject.build.directory=/x/target", "-javaagent:foo.jar");
        assertEquals(List.of("--add-opens=java.base/java.lang=ALL-UNNAMED",
                "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED", "-Dchronicle.analytics.disable=true",
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                "-Dproject.build.directory=/x/target"), JavaCommand.flags(input));
    }

    @Test
    void aChildGetsThisJvmsJavaClasspathAndTheBuildsFlags() {
        List<String> command = JavaCommand.of("some.Main", "x");
        assertTrue(command.get(0).startsWith(System.getProperty("java.home")), command.get(0));
        assertTrue(command.contains("--add-exports=java.base/sun.nio.ch=ALL-UNNAMED"),
                "surefire's argLine carries Chronicle's flags: " + command);
        assertEquals(List.of("-cp", System.getProperty("java.class.path"), "some.Main", "x"),
                command.subList(command.size() - 4, command.size()));
    }
}
