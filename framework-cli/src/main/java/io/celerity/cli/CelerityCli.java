package io.celerity.cli;

import io.celerity.config.ConfigException;
import io.celerity.host.DiskSpaceException;
import io.celerity.host.ServiceAlreadyRunningException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine.ScopeType;

/** The {@code celerity} command line. */
// Help options inherited: every subcommand answers --help.
@Command(name = "celerity", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT,
        versionProvider = BuildVersion.class,
        description = "Runs and inspects Celerity services.",
        subcommands = {RunCommand.class, StatusCommand.class, SendCommand.class, TailCommand.class, DumpCommand.class,
                LatencyCommand.class, DiagramCommand.class, ForgetCommand.class, SchemaCommand.class, HelpCommand.class})
public final class CelerityCli {

    /** Exit status of a command whose configuration is wrong. */
    static final int CONFIG_ERROR = 2;

    /** Exit status of a command given a queue or index that does not exist. */
    static final int USAGE_ERROR = 1;

    /** Exit status of a host that would not start, or stopped, because a queue's file system was nearly full. */
    static final int STORAGE_ERROR = 3;

    /** Exit status of {@code run} refused because a live instance of one of its services runs already. */
    static final int ALREADY_RUNNING = 4;

    @Mixin
    ClasspathOption classpath; // read before this parse too, see UserClasspath.of

    public static void main(String[] args) {
        JvmSettings.apply();
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit status. */
    public static int execute(String... args) {
        UserClasspath classpath;
        try {
            classpath = UserClasspath.of(args, System.getenv(UserClasspath.VARIABLE));
        } catch (IllegalArgumentException e) {
            System.err.println("celerity: " + e.getMessage());
            return USAGE_ERROR;
        }
        if (!classpath.isEmpty() && !UserClasspath.loadedBy(CelerityCli.class))
            return classpath.execute(CelerityCli.class, args);
        CommandLine cli = new CommandLine(new CelerityCli());
        // A wrong file, queue or option is the user's to fix: say what, without a stack trace.
        cli.setExecutionExceptionHandler((e, command, parsed) -> {
            int status = statusOfUserError(e);
            if (status == 0)
                throw e;
            command.getErr().println("celerity: " + e.getMessage());
            return status;
        });
        CommandLine.IParameterExceptionHandler picocliDefault = cli.getParameterExceptionHandler();
        cli.setParameterExceptionHandler((e, given) -> e.getCommandLine() == cli
                && e instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()
                ? refuseUnknown(cli, unmatched.getUnmatched().get(0))
                : picocliDefault.handleParseException(e, given));
        // picocli lets --help pass over what it does not know: "celerity NOSUCH --help" would print the usage, exit 0.
        cli.setExecutionStrategy(parsed -> parsed.unmatched().isEmpty()
                ? new CommandLine.RunLast().execute(parsed)
                : refuseUnknown(cli, parsed.unmatched().get(0)));
        return cli.execute(args);
    }

    private static int refuseUnknown(CommandLine cli, String given) {
        cli.getErr().println("celerity: unknown command '" + given + "' (celerity --help lists the commands)");
        return CommandLine.ExitCode.USAGE;
    }

    // The exit status of a failure one line explains, or 0 for one that needs its stack trace.
    private static int statusOfUserError(Exception e) {
        if (e instanceof ConfigException)
            return CONFIG_ERROR;
        if (e instanceof DiskSpaceException)
            return STORAGE_ERROR;
        if (e instanceof ServiceAlreadyRunningException)
            return ALREADY_RUNNING;
        return e instanceof IllegalArgumentException ? USAGE_ERROR : 0;
    }
}
