package io.celerity.internal.replication;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** An Aeron client and, unless an external driver is named, the media driver it talks to, closed together. */
public final class AeronConnection implements AutoCloseable {

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
        return invoked(aeronDir, LIVENESS_NS, reason -> { });
    }

    /**
     * As {@link #invoked(Path)}, telling {@code clientClosed} once why the client closed for good (the loop stalled
     * past {@code livenessNs}: a stopped process, a very long pause), after which nothing is copied.
     */
    static AeronConnection invoked(Path aeronDir, long livenessNs, Consumer<String> clientClosed) {
        AeronErrors errors = new AeronErrors(clientClosed);
        MediaDriver driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                .aeronDirectoryName(aeronDir.toString())
                .threadingMode(ThreadingMode.INVOKER)
                .clientLivenessTimeoutNs(livenessNs)
                .publicationUnblockTimeoutNs(2 * livenessNs)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .errorHandler(errors));
        try {
            AgentInvoker driverCycle = driver.sharedAgentInvoker();
            // The client has no thread either; its synchronous commands (add a subscription) turn the driver themselves.
            Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName())
                    .useConductorAgentInvoker(true).driverAgentInvoker(driverCycle)
                    .driverTimeoutMs(TimeUnit.NANOSECONDS.toMillis(livenessNs))
                    .errorHandler(errors));
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
                .errorHandler(new AeronErrors(reason -> { }));
        MediaDriver driver = MediaDriver.launchEmbedded(context);
        try {
            return new AeronConnection(driver, Aeron.connect(new Aeron.Context()
                    .aeronDirectoryName(driver.aeronDirectoryName())
                    .errorHandler(new AeronErrors(reason -> { }))), null);
        } catch (RuntimeException e) {
            driver.close();
            throw e;
        }
    }

    /** A client of a media driver already running on this host, whose files are in {@code aeronDir}. */
    public static AeronConnection external(String aeronDir) {
        return external(aeronDir, reason -> { });
    }

    private static AeronConnection external(String aeronDir, Consumer<String> clientClosed) {
        return new AeronConnection(null, Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDir)
                .errorHandler(new AeronErrors(clientClosed))), null);
    }

    /**
     * The external driver named by the {@code aeron.dir} system property if set, else one embedded in {@code dir} and
     * {@link #invoked(Path) invoked}.
     */
    public static AeronConnection fromSystemProperties(Path dir) {
        return fromSystemProperties(dir, reason -> { });
    }

    /** As {@link #fromSystemProperties(Path)}, telling {@code clientClosed} once why the client closed for good. */
    public static AeronConnection fromSystemProperties(Path dir, Consumer<String> clientClosed) {
        String external = System.getProperty("aeron.dir");
        return external == null ? invoked(dir, LIVENESS_NS, clientClosed) : external(external, clientClosed);
    }

    /** The driver's and client's duty cycle when they have no threads of their own ({@link #invoked}), else null. */
    public Agent dutyCycle() {
        return dutyCycle;
    }

    // After a stall past the liveness timeout the client closes for good, whichever runs first (it finds its own
    // conductor unserved that long); its error handler tells the host, which stops.
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

    /** The client, for publications and subscriptions. */
    public Aeron aeron() {
        return aeron;
    }

    @Override
    public void close() {
        CloseHelper.closeAll(aeron, driver);
    }
}
