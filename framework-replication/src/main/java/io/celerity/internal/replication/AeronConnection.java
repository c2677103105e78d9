package io.celerity.internal.replication;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;

/** An Aeron client and, unless an external driver is named, the media driver it talks to, closed together. */
public final class AeronConnection implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AeronConnection.class);

    private final MediaDriver driver;
    private final Aeron aeron;

    private AeronConnection(MediaDriver driver, Aeron aeron) {
        this.driver = driver;
        this.aeron = aeron;
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
                    .aeronDirectoryName(driver.aeronDirectoryName()).errorHandler(AeronConnection::logError)));
        } catch (RuntimeException e) {
            driver.close();
            throw e;
        }
    }

    /** A client of a media driver already running on this host, whose files are in {@code aeronDir}. */
    public static AeronConnection external(String aeronDir) {
        return new AeronConnection(null, Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDir)
                .errorHandler(AeronConnection::logError)));
    }

    /** The external driver named by the {@code aeron.dir} system property if set, else one embedded in {@code dir}. */
    public static AeronConnection fromSystemProperties(Path dir) {
        String external = System.getProperty("aeron.dir");
        return external == null ? embedded(dir) : external(external);
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
