package io.celerity.cli;

import io.celerity.config.ConfigException;
import io.celerity.runtime.DiskSpaceException;
import io.celerity.runtime.ServiceAlreadyRunningException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.RunLast;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Option;

/** The {@code celerity} command line. */
// Help options inherited: every subcommand answers --help.
@Command(name = "celerity", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, version = "celerity 0.1.0",
        description = "Runs and inspects Celerity services.",
        subcommands = {RunCommand.class, StatusCommand.class, SendCommand.class, TailCommand.class, DumpCommand.class,
                LatencyCommand.class, DiagramCommand.class, HelpCommand.class})
public final class CelerityCli {

    /** Exit status of a command whose configuration is wrong. */
    static final int CONFIG_ERROR = 2;

    /** Exit status of a command given a queue or index that does not exist. */
    static final int USAGE_ERROR = 1;

    /** Exit status of a host that would not start, or stopped, because a queue's file system was nearly full. */
    static final int STORAGE_ERROR = 3;

    /** Exit status of {@code run} refused because a live instance of one of its services runs already. */
    static final int ALREADY_RUNNING = 4;

    @Option(names = UserClasspath.OPTION, paramLabel = "PATH", scope = ScopeType.LOCAL, description = "your services' "
            + "classes: jars and directories separated by ':', dir/* for all jars in dir; before the command "
            + "(default: $CELERITY_CLASSPATH)")
    String classpath;

    public static void main(String[] args) {
        JvmSettings.apply();
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit status. */
    public static int execute(String... args) {
        CommandLine cli = new CommandLine(new CelerityCli());
        cli.setExecutionStrategy(parsed -> runWithUserClasspath(cli, parsed, args));
        // A wrong file, queue or option is the user's to fix: say what, without a stack trace.
        cli.setExecutionExceptionHandler((e, command, parsed) -> {
            int status = statusOfUserError(e);
            if (status == 0)
                throw e;
            command.getErr().println("celerity: " + e.getMessage());
            return status;
        });
        return cli.execute(args);
    }

    // Once picocli has parsed --classpath: with user classes, the whole command runs afresh in a loader holding them.
    private static int runWithUserClasspath(CommandLine cli, ParseResult parsed, String[] args) {
        UserClasspath classpath;
        try {
            String option = cli.<CelerityCli>getCommand().classpath;
            classpath = UserClasspath.of(option, System.getenv(UserClasspath.VARIABLE));
        } catch (IllegalArgumentException e) {
            cli.getErr().println("celerity: " + e.getMessage());
            return USAGE_ERROR;
        }
        if (!classpath.isEmpty() && !UserClasspath.loadedBy(CelerityCli.class))
            return classpath.execute(CelerityCli.class, args);
        return new RunLast().execute(parsed);
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
