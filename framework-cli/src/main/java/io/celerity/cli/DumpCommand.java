package io.celerity.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/** {@code celerity dump QUEUE}: a queue's documents as YAML, each with its index, kind and message history. */
@Command(name = "dump", description = "Prints a queue's documents as YAML: index, kind, message history and events "
        + "(decoded with the services' interfaces when their classes are on the classpath).")
final class DumpCommand implements Callable<Integer> {

    @Mixin
    QueueLocator locator;

    @Option(names = "--from", paramLabel = "INDEX", defaultValue = "START",
            description = "the first index to print (hex with 0x, or decimal; default: the start)")
    String from;

    @Option(names = "--follow", description = "keep printing new documents as they are written, until stopped")
    boolean follow;

    @Mixin
    Interfaces interfaces;

    @Override
    public Integer call() {
        new QueueReading(locator, interfaces.names).run(from, follow, QueueReading.ALL, System.out);
        return 0;
    }
}
