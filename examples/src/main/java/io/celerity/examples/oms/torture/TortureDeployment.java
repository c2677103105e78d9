package io.celerity.examples.oms.torture;

import io.celerity.examples.demo.DemoFiles;
import io.celerity.examples.oms.OrderEntry;
import io.celerity.examples.oms.demo.OrderFlow;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A directory holding the OMS's services.yaml and a fixed queue of client requests, the same for every run. */
final class TortureDeployment {

    private static final String SPINNING = "pauser: BUSY";
    // 2026-01-02T09:00:00Z: requests carry a fixed time, so the reports of any two runs can be compared.
    private static final long FIRST_REQUEST_NANOS = 1_767_344_400_000_000_000L;

    private TortureDeployment() {
    }

    /** Writes services.yaml and {@code requests} requests into {@code dir}; returns the services.yaml. */
    static Path create(Path dir, int requests) throws IOException {
        Files.createDirectories(dir);
        String yaml = DemoFiles.resource("oms/services.yaml");
        if (!yaml.contains(SPINNING))
            throw new IllegalStateException("oms/services.yaml no longer has '" + SPINNING + "' to replace");
        // Three processes on a small machine: each loop backs off when idle rather than spinning a core.
        Path servicesYaml = Files.writeString(dir.resolve("services.yaml"), yaml.replace(SPINNING, "pauser: BALANCED"));
        try (ChronicleQueue orders = SingleChronicleQueueBuilder.binary(dir.resolve("orders")).build()) {
            OrderFlow flow = new OrderFlow(orders.methodWriter(OrderEntry.class));
            for (long n = 0; n < requests; n++)
                flow.send(n, FIRST_REQUEST_NANOS + n * 1_000);
        }
        return servicesYaml;
    }
}
