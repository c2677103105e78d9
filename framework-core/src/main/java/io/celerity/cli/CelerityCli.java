package io.celerity.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code celerity} command line. */
@Command(name = "celerity", mixinStandardHelpOptions = true, version = "celerity 0.1.0",
        description = "Runs and inspects Celerity services.",
        subcommands = {RunCommand.class})
public final class CelerityCli {

    /** Exit status of a command whose configuration is wrong. */
    static final int CONFIG_ERROR = 2;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit status. */
    public static int execute(String... args) {
        return new CommandLine(new CelerityCli()).execute(args);
    }
}
