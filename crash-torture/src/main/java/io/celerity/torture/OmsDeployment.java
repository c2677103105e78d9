package io.celerity.torture;

import io.celerity.examples.demo.DemoFiles;
import io.celerity.examples.oms.OrderEntry;
import io.celerity.examples.oms.demo.OrderFlow;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A directory holding the OMS's services.yaml and a fixed queue of client requests, the same for every run. */
final class OmsDeployment {

    private static final String SPINNING = "pauser: BUSY";
    private static final Pattern SNAPSHOT_EVERY = Pattern.compile("everyInputs: \\d+");
    /** The services of {@code oms/services.yaml} and {@code oms/hosts/services.yaml} that take snapshots. */
    static final int SNAPSHOTTING_SERVICES = 2;
    private static final Pattern HEDGE1_GROSS_LIMIT = Pattern.compile("(HEDGE1: \\{[^}]*maxGrossNotional: )\\d+");
    // HEDGE1 submits about 12,100 of notional per request: this limit is used up four fifths of the way through.
    private static final long HEDGE1_GROSS_PER_REQUEST = 10_000;
    // 2026-01-02T09:00:00Z: requests carry a fixed time, so the reports of any two runs can be compared.
    private static final long FIRST_REQUEST_NANOS = 1_767_344_400_000_000_000L;

    private OmsDeployment() {
    }

    /**
     * Writes services.yaml and {@code requests} requests into {@code dir}; returns the services.yaml. The risk check and
     * the order manager take a snapshot every {@code snapshotEvery} inputs, and account HEDGE1's gross notional limit is
     * lowered so that it runs out four fifths of the way through: from then on HEDGE1's orders are refused, so the
     * answers show whether the risk check's state was rebuilt right.
     */
    static Path create(Path dir, int requests, long snapshotEvery) throws IOException {
        return create(dir, requests, snapshotEvery, requests);
    }

    /** As {@link #create(Path, int, long)}, but writes only the first {@code written} requests. */
    static Path create(Path dir, int requests, long snapshotEvery, int written) throws IOException {
        Files.createDirectories(dir);
        String yaml = forTorture("oms/services.yaml", requests, snapshotEvery, SNAPSHOTTING_SERVICES);
        Path servicesYaml = Files.writeString(dir.resolve("services.yaml"), yaml);
        appendRequests(dir, 0, written);
        return servicesYaml;
    }

    /**
     * The OMS's services.yaml resource {@code resource} as the torture runs it: loops that back off when idle,
     * snapshots every {@code snapshotEvery} inputs (by each of its {@code snapshotting} services), HEDGE1's gross limit
     * running out four fifths of the way through.
     */
    static String forTorture(String resource, int requests, long snapshotEvery, int snapshotting) throws IOException {
        String yaml = DemoFiles.resource(resource);
        if (!yaml.contains(SPINNING))
            throw new IllegalStateException(resource + " no longer has '" + SPINNING + "' to replace");
        // Three processes on a small machine: each loop backs off when idle rather than spinning a core.
        yaml = yaml.replace(SPINNING, "pauser: BALANCED");
        yaml = replace(resource, yaml, SNAPSHOT_EVERY, snapshotting, "everyInputs: " + snapshotEvery);
        return replace(resource, yaml, HEDGE1_GROSS_LIMIT, 1, "$1" + requests * HEDGE1_GROSS_PER_REQUEST);
    }

    /** Replaces the {@code expected} matches of {@code pattern} in the resource's text, failing if there are others. */
    static String replace(String resource, String yaml, Pattern pattern, int expected, String replacement) {
        Matcher matcher = pattern.matcher(yaml);
        if (matcher.results().count() != expected)
            throw new IllegalStateException(resource + " no longer has " + expected + " '" + pattern.pattern()
                    + "' to replace");
        return matcher.replaceAll(replacement);
    }

    /** Appends requests number {@code from} (inclusive) to {@code to} (exclusive) to the orders queue of {@code dir}. */
    static void appendRequests(Path dir, long from, long to) {
        try (ChronicleQueue orders = SingleChronicleQueueBuilder.binary(dir.resolve("orders")).build()) {
            OrderFlow flow = new OrderFlow(orders.methodWriter(OrderEntry.class));
            for (long n = from; n < to; n++)
                send(flow, n);
        }
    }

    /** Sends request number {@code n}: the same request, with the same time, in every run. */
    static void send(OrderFlow flow, long n) {
        flow.send(n, FIRST_REQUEST_NANOS + n * 1_000);
    }
}
