package io.celerity.benchmarks.replication;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import org.agrona.CloseHelper;
import org.agrona.concurrent.AgentInvoker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * One side of a link, as a host would have it: an embedded media driver and its client. In {@link DriverMode#INVOKER}
 * the driver has no thread and {@link #invoke()} runs its duty cycle on the caller's.
 */
final class AeronSide implements AutoCloseable {

    private static final long LIVENESS_NS = TimeUnit.SECONDS.toNanos(60);

    private final MediaDriver driver;
    private final Aeron aeron;
    private final AgentInvoker driverInvoker;
    private final AgentInvoker clientInvoker;

    private AeronSide(MediaDriver driver, Aeron aeron, AgentInvoker driverInvoker) {
        this.driver = driver;
        this.aeron = aeron;
        this.driverInvoker = driverInvoker;
        this.clientInvoker = driverInvoker == null ? null : aeron.conductorAgentInvoker();
    }

    /** A driver in shared memory named for this process and {@code side}, emptied at start and removed at close. */
    static AeronSide launch(String side, DriverMode mode) {
        MediaDriver driver = MediaDriver.launch(mode.configure(new MediaDriver.Context())
                .aeronDirectoryName(directory(side).toString())
                // A thread starved of CPU for 10 s (Aeron's default) on a loaded machine is slow, not dead.
                .clientLivenessTimeoutNs(LIVENESS_NS)
                .publicationUnblockTimeoutNs(2 * LIVENESS_NS)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true));
        try {
            AgentInvoker invoker = mode.invoked() ? driver.sharedAgentInvoker() : null;
            // In invoker mode the client has no thread either, and its synchronous commands (add a publication)
            // turn the driver themselves.
            Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName())
                    .useConductorAgentInvoker(invoker != null).driverAgentInvoker(invoker)
                    .driverTimeoutMs(TimeUnit.NANOSECONDS.toMillis(LIVENESS_NS)));
            return new AeronSide(driver, aeron, invoker);
        } catch (RuntimeException e) {
            driver.close();
            throw e;
        }
    }

    // Shared memory if the machine has it, as AeronReplicationFactory does: no disk write-back under the log buffers.
    // Named as the hosts name theirs, so that the next host to start removes it if this benchmark is killed.
    private static Path directory(String side) {
        Path shm = Path.of("/dev/shm");
        Path base = Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
        return base.resolve("celerity-aeron-bench-" + side + "-" + ProcessHandle.current().pid());
    }

    Aeron aeron() {
        return aeron;
    }

    /** Runs the driver's and the client's duty cycles once if they have no threads of their own; the work done. */
    int invoke() {
        return driverInvoker == null ? 0 : driverInvoker.invoke() + clientInvoker.invoke();
    }

    @Override
    public void close() {
        CloseHelper.closeAll(aeron, driver);
    }
}
