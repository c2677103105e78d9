package io.celerity.cli;

import net.openhft.chronicle.queue.reader.ChronicleReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/** {@code celerity dump QUEUE}: a queue's messages as YAML, each with its index and message history. */
@Command(name = "dump", description = "Prints a queue's messages as YAML with their index and message history.")
final class DumpCommand implements Callable<Integer> {

    @Mixin
    QueueLocator locator;

    @Option(names = "--from", paramLabel = "INDEX", description = "the first index to print (hex with 0x, or decimal)")
    String from;

    @Option(names = "--follow", description = "keep printing new messages as they are written, until stopped")
    boolean follow;

    @Option(names = "--interface", paramLabel = "CLASS",
            description = "decode events with this interface (default with --config: the writing service's output)")
    String eventInterface;

    @Override
    public Integer call() throws ClassNotFoundException {
        // Chronicle's own queue reader does the work; Celerity picks the queue, the interface and the options.
        ChronicleReader reader = new ChronicleReader()
                .withBasePath(locator.path())
                .showMessageHistory(true)
                .withMessageSink(System.out::println);
        String decodeWith = eventInterface != null ? eventInterface
                : locator.writerInterface().map(Class::getName).orElse(null);
        if (decodeWith != null)
            reader.asMethodReader(decodeWith);
        if (from != null)
            reader.withStartIndex(Indexes.parse(from));
        if (follow)
            reader.tail();
        reader.execute();
        return 0;
    }
}
