package io.celerity.testhosts;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of a child JVM like the running one: same java, same classpath, Chronicle's JVM flags. */
public final class JavaCommand {

    /** The flags (and system properties) a child needs for Chronicle; the build puts them in surefire's argLine. */
    private static final List<String> FORWARDED = List.of("--add-opens", "--add-exports", "--enable-native-access",
            "--sun-misc-unsafe-memory-access", "-Dchronicle.", "-Dproject.build.directory=");

    private JavaCommand() {
    }

    /** {@code java FLAGS -cp CLASSPATH mainClass args}, with this JVM's java, flags and classpath. */
    public static List<String> of(String mainClass, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(flags(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(List.of(args));
        return command;
    }

    /** The forwarded ones of a JVM's input arguments, in order; a flag given as two words keeps its value. */
    static List<String> flags(List<String> inputArguments) {
        List<String> flags = new ArrayList<>();
        for (int i = 0; i < inputArguments.size(); i++) {
            String argument = inputArguments.get(i);
            if (FORWARDED.stream().noneMatch(argument::startsWith))
                continue;
            flags.add(argument);
            if (argument.startsWith("--") && !argument.contains("=") && i + 1 < inputArguments.size())
                flags.add(inputArguments.get(++i));
        }
        return flags;
    }
}
