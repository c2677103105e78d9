package io.celerity.cli;

import io.celerity.config.ConfigException;
import io.celerity.runtime.DiskSpaceException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code celerity} command line. */
@Command(name = "celerity", mixinStandardHelpOptions = true, version = "celerity 0.1.0",
        description = "Runs and inspects Celerity services.",
        subcommands = {RunCommand.class, StatusCommand.class, DumpCommand.class, LatencyCommand.class,
                DiagramCommand.class})
public final class CelerityCli {

    /** Exit status of a command whose configuration is wrong. */
    static final int CONFIG_ERROR = 2;

    /** Exit status of a command given a queue or index that does not exist. */
    static final int USAGE_ERROR = 1;

    /** Exit status of a host that would not start, or stopped, because a queue's file system was nearly full. */
    static final int STORAGE_ERROR = 3;

    public static void main(String[] args) {
        // Defaults for a command line (a -D on the command line still wins): Chronicle's chatter and phone-home off.
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log.net.openhft", "warn");
        System.getProperties().putIfAbsent("chronicle.analytics.disable", "true");
        System.getProperties().putIfAbsent("chronicle.announcer.disable", "true");
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit status. */
    public static int execute(String... args) {
        CommandLine cli = new CommandLine(new CelerityCli());
        // A wrong file, queue or option is the user's to fix: say what, without a stack trace.
        cli.setExecutionExceptionHandler((e, command, parsed) -> {
            if (!(e instanceof ConfigException || e instanceof IllegalArgumentException
                    || e instanceof DiskSpaceException))
                throw e;
            command.getErr().println("celerity: " + e.getMessage());
            return e instanceof ConfigException ? CONFIG_ERROR : e instanceof DiskSpaceException ? STORAGE_ERROR
                    : USAGE_ERROR;
        });
        return cli.execute(args);
    }
}
