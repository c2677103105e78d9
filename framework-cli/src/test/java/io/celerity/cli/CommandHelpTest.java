package io.celerity.cli;

import io.celerity.fixtures.Cli;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every subcommand answers --help with its usage, and exits 0. */
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
}
