package io.celerity.internal.replication;

import io.aeron.exceptions.ClientTimeoutException;
import io.aeron.exceptions.ConductorServiceTimeoutException;
import io.aeron.exceptions.DriverTimeoutException;
import org.agrona.ErrorHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Aeron's error handler for a connection: logs each error where operators look (Aeron's default prints to stderr), and
 * says once when the client is closed for good, which Aeron does when its conductor, or the driver, went unserved past
 * the liveness timeout (the replication loop stalled: a stopped process, a very long pause).
 */
final class AeronErrors implements ErrorHandler {

    private static final Logger LOG = LoggerFactory.getLogger(AeronErrors.class);

    private final Consumer<String> clientClosed;
    private final AtomicBoolean told = new AtomicBoolean();

    /** @param clientClosed told, once, why the client closed: nothing is copied any more */
    AeronErrors(Consumer<String> clientClosed) {
        this.clientClosed = clientClosed;
    }

    @Override
    public void onError(Throwable error) {
        LOG.error("Aeron: {}", error.toString(), error);
        if (closesTheClient(error) && told.compareAndSet(false, true))
            clientClosed.accept("the replication's Aeron client closed for good (" + error.getMessage()
                    + "): its loop stalled past the liveness timeout, so this host copies no queue any more; it "
                    + "must be started again");
    }

    private static boolean closesTheClient(Throwable error) {
        return error instanceof ConductorServiceTimeoutException || error instanceof DriverTimeoutException
                || error instanceof ClientTimeoutException;
    }
}
