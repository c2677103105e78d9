package io.celerity.cli;

import picocli.CommandLine;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;

import java.io.File;

/**
 * {@code --classpath PATH}, declared once: a mixin of {@link CelerityCli} (its help, its parse) and read alone, by
 * picocli, before the command, which must run in a class loader that holds those classes already.
 */
final class ClasspathOption {

    static final String NAME = "--classpath";

    @Option(names = NAME, paramLabel = "PATH", scope = ScopeType.LOCAL, description = "your services' classes: jars "
            + "and directories separated by ':', dir/* for all jars in dir; before the command "
            + "(default: $CELERITY_CLASSPATH)")
    String path;

    /**
     * The value given before the command in {@code args}, or null; the command and its options are left to the full
     * parse, which declares this option through the mixin.
     */
    static String in(String[] args) {
        ClasspathOption option = new ClasspathOption();
        try {
            new CommandLine(option).setStopAtPositional(true).setUnmatchedArgumentsAllowed(true).parseArgs(args);
        } catch (MissingParameterException e) {
            throw new IllegalArgumentException(NAME + " needs a PATH (jars and directories separated by '"
                    + File.pathSeparator + "')", e);
        } catch (ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return option.path;
    }
}
