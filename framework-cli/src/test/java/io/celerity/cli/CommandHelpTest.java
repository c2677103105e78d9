package io.celerity.cli;

import io.celerity.fixtures.Cli;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every subcommand answers --help with its usage, and exits 0; an unknown command is refused, --help or not. */
class CommandHelpTest {

    @TestFactory
    Stream<DynamicTest> everySubcommandAnswersHelp() {
        return new CommandLine(new CelerityCli()).getSubcommands().keySet().stream()
                .map(name -> DynamicTest.dynamicTest(name + " --help", () -> {
                    Cli.Result help = Cli.run(name, "--help");
                    assertEquals(0, help.status(), help.err());
                    assertTrue(help.out().contains("Usage: celerity " + name + " "), help.out());
                    assertTrue(help.out().contains("-h, --help"), help.out());
                }));
    }

    @TestFactory
    Stream<DynamicTest> anUnknownCommandIsRefusedWhateverFollowsIt() {
        return Stream.of(new String[] {"NOSUCH"}, new String[] {"NOSUCH", "--help"}, new String[] {"NOSUCH", "-h"},
                        new String[] {"NOSUCH", "--version"}, new String[] {"NOSUCH", "run", "x.yaml"})
                .map(args -> DynamicTest.dynamicTest(String.join(" ", args), () -> {
                    Cli.Result refused = Cli.run(args);
                    assertEquals(CommandLine.ExitCode.USAGE, refused.status(), refused.out() + refused.err());
                    assertEquals("celerity: unknown command 'NOSUCH' (celerity --help lists the commands)",
                            refused.err().strip());
                    assertEquals("", refused.out(), "no usage printed");
                }));
    }

    @Test
    void versionIsTheBuildsVersion() {
        Cli.Result version = Cli.run("--version");
        assertEquals(0, version.status(), version.err());
        // This build's version (.mvn/maven.config, or -Drevision), as surefire hands it over, not a literal.
        assertEquals("celerity " + System.getProperty("celerity.build.version"), version.out().strip());
    }
}
