package io.celerity.torture;

import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The OMS as three processes, one per service, over the queues of one directory; watched from outside through those
 * queues only, as an operator would.
 */
final class OmsPipeline implements AutoCloseable {

    /** The services in pipeline order: service {@code i} reads {@code QUEUES[i]} and writes {@code QUEUES[i + 1]}. */
    static final List<String> SERVICES = List.of("order-gateway", "risk-check", "order-manager");
    private static final List<String> QUEUES = List.of("orders", "validated", "checked", "reports");
    /** The snapshot queue of each service, or null for the stateless gateway. */
    private static final List<String> SNAPSHOT_QUEUES = Arrays.asList(null, "risk-snapshots", "order-snapshots");
    private static final String RESTORED = ": state rebuilt from the snapshot at ";

    private final List<ServiceProcess> processes = new ArrayList<>();
    private final List<ChronicleQueue> queues = new ArrayList<>();
    private final List<Answered> answered = new ArrayList<>();
    private final List<SnapshotProgress> snapshots = new ArrayList<>();

    OmsPipeline(Path servicesYaml, List<String> jvmOptions) throws IOException {
        Path dir = servicesYaml.getParent();
        Path logs = Files.createDirectories(dir.resolve("logs"));
        for (String service : SERVICES)
            processes.add(new ServiceProcess(service, servicesYaml, logs.resolve(service + ".log"), jvmOptions));
        for (String queue : QUEUES)
            queues.add(SingleChronicleQueueBuilder.binary(dir.resolve(queue)).build());
        for (int s = 0; s < SERVICES.size(); s++)
            answered.add(new Answered(dir.resolve(QUEUES.get(s)), dir.resolve(QUEUES.get(s + 1))));
        for (String queue : SNAPSHOT_QUEUES)
            snapshots.add(queue == null ? null : new SnapshotProgress(dir.resolve(queue)));
    }

    void startAll() throws IOException {
        for (ServiceProcess p : processes)
            p.start();
    }

    ServiceProcess process(int service) {
        return processes.get(service);
    }

    /** How many documents a service has written (its output queue holds one cycle during a trial). */
    long outputs(int service) {
        ChronicleQueue q = queues.get(service + 1);
        long last = q.lastIndex();
        return last < 0 ? 0 : q.rollCycle().toSequenceNumber(last) + 1;
    }

    /** How far a service's snapshots have come, read on to now; null for a service that takes none. */
    SnapshotProgress snapshots(int service) {
        SnapshotProgress progress = snapshots.get(service);
        return progress == null ? null : progress.update();
    }

    /** How many (re)starts of any service so far loaded a snapshot, from what each process logged. */
    long restoresFromSnapshots() throws IOException {
        long restores = 0;
        for (ServiceProcess p : processes)
            restores += p.logLinesContaining(p.service() + RESTORED);
        return restores;
    }

    /** Null while every process runs; otherwise how the first one that stopped by itself ended. */
    String unexpectedExit() {
        for (ServiceProcess p : processes)
            if (p.exit() != null)
                return p.exit();
        return null;
    }

    /** True when every service has come up since its last start and its last output answers its last input. */
    boolean drained() {
        for (int s = 0; s < SERVICES.size(); s++)
            if (!processes.get(s).running() || !answered.get(s).all())
                return false;
        return true;
    }

    /** SIGTERM to every process; returns the services whose exit status was not 143 (a clean close). */
    List<String> stopAll() throws InterruptedException {
        processes.forEach(ServiceProcess::terminate); // all at once: each close takes a while
        List<String> unclean = new ArrayList<>();
        for (ServiceProcess p : processes) {
            int status = p.awaitExit();
            if (status != 143)
                unclean.add(p.service() + " exited " + status);
        }
        return unclean;
    }

    @Override
    public void close() {
        for (ServiceProcess p : processes) {
            if (p.isAlive()) {
                try {
                    p.kill();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        Closeable.closeQuietly(answered);
        Closeable.closeQuietly(queues);
        snapshots.stream().filter(Objects::nonNull).forEach(SnapshotProgress::close);
    }
}
