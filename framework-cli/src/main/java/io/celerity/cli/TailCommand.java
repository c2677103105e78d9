package io.celerity.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/** {@code celerity tail QUEUE}: follows a queue like {@code tail -f}, printing each new document as YAML. */
@Command(name = "tail", description = "Follows a queue, printing each document as YAML as it is written (index, "
        + "kind, message history, events; heartbeats and acknowledgements marked), until Ctrl-C or --count.")
final class TailCommand implements Callable<Integer> {

    @Mixin
    QueueLocator locator;

    @Option(names = "--from", paramLabel = "START|END|INDEX", defaultValue = "END",
            description = "where to begin: START, END (default: only documents written from now on) or an index")
    String from;

    @Option(names = "--count", paramLabel = "N", description = "stop after N documents")
    long count = QueueReading.ALL;

    @Mixin
    Interfaces interfaces;

    @Override
    public Integer call() {
        if (count <= 0)
            throw new IllegalArgumentException("--count " + count + " must be positive");
        new QueueReading(locator, interfaces.names).run(from, true, count, System.out);
        return 0;
    }
}
