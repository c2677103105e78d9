package io.celerity.cli;

import io.celerity.internal.encryption.CipherQueue;
import io.celerity.internal.schema.QueueVerification;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code celerity schema verify QUEUE}: whether every document of a queue reads back the same with the current classes. */
@Command(name = "schema", description = "Message versions (the build checks the classes against celerity-schema.yaml).",
        subcommands = SchemaCommand.Verify.class)
final class SchemaCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        throw new IllegalArgumentException("schema: give a subcommand: verify QUEUE (celerity schema --help)");
    }

    @Command(name = "verify", description = "Reads every document of a queue (or a copy of production's) with the "
            + "current classes and reports the first document of each kind that does not read back the same: an "
            + "event no interface declares, one that fails to read, or one whose values change or are dropped. Exit "
            + "status 1 when there is one.")
    static final class Verify implements Callable<Integer> {

        @Mixin
        QueueLocator locator;

        @Mixin
        Interfaces interfaces;

        @Override
        public Integer call() throws ClassNotFoundException {
            List<Class<?>> current = interfaces.names.isEmpty() ? locator.eventInterfaces()
                    : Interfaces.load(interfaces.names);
            if (current.isEmpty())
                throw new IllegalArgumentException("no event interface for queue '" + locator.queue + "': give "
                        + "--config SERVICES_YAML naming it, or --interface CLASS (with --classpath)");
            QueueVerification.Result result;
            long[] refused = new long[1];
            try (ChronicleQueue queue = locator.asServicesSeeIt(
                    SingleChronicleQueueBuilder.binary(locator.path()).readOnly(true).build(), current);
                 ExcerptTailer tailer = queue.createTailer()) {
                CipherQueue.onRefused(tailer, r -> refused[0]++);
                result = new QueueVerification(current).verify(tailer);
            }
            System.out.printf("celerity: read %,d document(s), %,d event(s), of %s with the current classes%s%n",
                    result.documents(), result.events(), locator.path(), refused[0] == 0 ? ""
                            : "; " + refused[0] + " document(s) refused by the queue's encryption (see dump)");
            if (result.readsTheSame()) {
                System.out.println("celerity: every document reads back the same");
                return 0;
            }
            for (Map.Entry<String, QueueVerification.Problem> p : result.problems().entrySet())
                System.out.printf("  %s: first at index 0x%s (%,d in all): %s%n", p.getKey(),
                        Long.toHexString(p.getValue().index()), p.getValue().count(), p.getValue().what());
            return CelerityCli.USAGE_ERROR;
        }
    }
}
