package io.celerity.cli;

import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/** Event interfaces named on the command line ({@code --interface CLASS}), loaded from the user's classpath. */
final class Interfaces {

    @Option(names = "--interface", paramLabel = "CLASS", description = "decode events with this interface "
            + "(repeatable; default with a services.yaml: the interfaces of the services writing and reading the queue)")
    List<String> names = new ArrayList<>();

    static List<Class<?>> load(List<String> names) {
        List<Class<?>> interfaces = new ArrayList<>();
        for (String name : names) {
            Class<?> type;
            try {
                type = Class.forName(name);
            } catch (ClassNotFoundException | LinkageError e) {
                throw new IllegalArgumentException("--interface " + name + ": class not found; add your classes with "
                        + UserClasspath.OPTION + " PATH (before the command) or " + UserClasspath.VARIABLE);
            }
            if (!type.isInterface())
                throw new IllegalArgumentException("--interface " + name + ": not an interface; expected an event "
                        + "interface (its methods are the events)");
            interfaces.add(type);
        }
        return interfaces;
    }
}
