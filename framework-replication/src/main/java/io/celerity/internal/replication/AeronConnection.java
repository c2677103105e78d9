package io.celerity.internal.replication;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** An Aeron client and, unless an external driver is named, the media driver it talks to, closed together. */
public final class AeronConnection implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AeronConnection.class);

    // A process starved of CPU for 10 s (Aeron's default) on a loaded machine is slow, not dead.
    private static final long LIVENESS_NS = TimeUnit.SECONDS.toNanos(60);

    private final MediaDriver driver;
    private final Aeron aeron;
    private final Agent dutyCycle;

    private AeronConnection(MediaDriver driver, Aeron aeron, Agent dutyCycle) {
        this.driver = driver;
        this.aeron = aeron;
        this.dutyCycle = dutyCycle;
    }

    /**
     * A media driver embedded in this process with no thread at all: its duty cycle and its client's are
     * {@link #dutyCycle()}, to run on the thread that runs the replicators, so a round trip wakes no other thread (on
     * two cores: a 15 µs minimum against 158 µs with a driver thread that parks, see docs/benchmarks.adoc). Files in
     * {@code aeronDir}, emptied at start and removed at close.
     */
    public static AeronConnection invoked(Path aeronDir) {
        MediaDriver driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                .aeronDirectoryName(aeronDir.toString())
                .threadingMode(ThreadingMode.INVOKER)
                .clientLivenessTimeoutNs(LIVENESS_NS)
                .publicationUnblockTimeoutNs(2 * LIVENESS_NS)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .errorHandler(AeronConnection::logError));
        try {
            AgentInvoker driverCycle = driver.sharedAgentInvoker();
            // The client has no thread either; its synchronous commands (add a subscription) turn the driver themselves.
            Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName())
                    .useConductorAgentInvoker(true).driverAgentInvoker(driverCycle)
                    .driverTimeoutMs(TimeUnit.NANOSECONDS.toMillis(LIVENESS_NS))
                    .errorHandler(AeronConnection::logError));
            return new AeronConnection(driver, aeron, new DutyCycle(aeron.conductorAgentInvoker(), driverCycle));
        } catch (RuntimeException e) {
            driver.close();
            throw e;
        }
    }

    /**
     * A media driver embedded in this process, its files in {@code aeronDir} (emptied at start and removed at close);
     * one shared thread for sender, receiver and conductor, since the replicators' own agents need the cores.
     */
    public static AeronConnection embedded(Path aeronDir) {
        MediaDriver.Context context = new MediaDriver.Context()
                .aeronDirectoryName(aeronDir.toString())
                .threadingMode(ThreadingMode.SHARED)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .errorHandler(AeronConnection::logError);
        MediaDriver driver = MediaDriver.launchEmbedded(context);
        try {
            return new AeronConnection(driver, Aeron.connect(new Aeron.Context()
                    .aeronDirectoryName(driver.aeronDirectoryName()).errorHandler(AeronConnection::logError)), null);
        } catch (RuntimeException e) {
            driver.close();
            throw e;
        }
    }

    /** A client of a media driver already running on this host, whose files are in {@code aeronDir}. */
    public static AeronConnection external(String aeronDir) {
        return new AeronConnection(null, Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDir)
                .errorHandler(AeronConnection::logError)), null);
    }

    /**
     * The external driver named by the {@code aeron.dir} system property if set, else one embedded in {@code dir} and
     * {@link #invoked(Path) invoked}.
     */
    public static AeronConnection fromSystemProperties(Path dir) {
        String external = System.getProperty("aeron.dir");
        return external == null ? invoked(dir) : external(external);
    }

    /** The driver's and client's duty cycle when they have no threads of their own ({@link #invoked}), else null. */
    public Agent dutyCycle() {
        return dutyCycle;
    }

    // The client first: after a stall it renews its keepalive before the driver judges it.
    private record DutyCycle(AgentInvoker client, AgentInvoker driver) implements Agent {
        @Override
        public int doWork() {
            return client.invoke() + driver.invoke();
        }

        @Override
        public String roleName() {
            return "aeron-duty-cycle";
        }
    }

    // Aeron's own default prints to stderr; the host's log is where operators look.
    private static void logError(Throwable error) {
        LOG.error("Aeron: {}", error.toString(), error);
    }

    /** The client, for publications and subscriptions. */
    public Aeron aeron() {
        return aeron;
    }

    @Override
    public void close() {
        CloseHelper.closeAll(aeron, driver);
    }
}
