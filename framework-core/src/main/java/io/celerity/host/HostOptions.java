package io.celerity.host;

import io.celerity.extension.HostExtension;
import io.celerity.time.CalibratedClock;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.SystemTimeProvider;
import net.openhft.chronicle.core.time.TimeProvider;

import java.util.List;
import java.util.function.Function;

/**
 * How a {@link ServiceHost} runs beyond its configuration: the clock components see, who hears of handler errors, and
 * where unique timestamps come from. Tests replace these to make runs deterministic.
 *
 * @param clock         wall-clock time for components
 * @param errorListener told of every exception a component throws
 * @param timestamps    builds the unique timestamp source from the host id; the host closes what it returns
 * @param queueClock    decides when the host's queues roll to a new cycle file
 * @param extensions    the extensions the host starts; {@code null}: those on the class path
 * @param queues        queues already open, with the host's configuration, that the host borrows and leaves open;
 *                      {@code null}: the host opens its own (with {@code queueClock}) and closes them
 */
public record HostOptions(TimeProvider clock, HandlerErrorListener errorListener,
                          Function<Integer, UniqueTimestamps> timestamps, TimeProvider queueClock,
                          List<HostExtension> extensions, OpenQueues queues) {

    /** Options with the extensions found on the class path, the host opening its own queues. */
    public HostOptions(TimeProvider clock, HandlerErrorListener errorListener,
                       Function<Integer, UniqueTimestamps> timestamps, TimeProvider queueClock) {
        this(clock, errorListener, timestamps, queueClock, null, null);
    }

    /**
     * The system's wall clock read through {@link CalibratedClock} (one {@code nanoTime} read a call), no listener,
     * timestamps on that clock unique across the processes of this machine, and queues rolling on the system clock.
     */
    public static HostOptions defaults() {
        CalibratedClock clock = CalibratedClock.system();
        return new HostOptions(clock, HandlerErrorListener.NONE,
                hostId -> UniqueTimestamps.shared(UniqueTimestamps.defaultFile(), hostId, clock),
                SystemTimeProvider.CLOCK);
    }

    /** These options with another clock; timestamps then follow that clock, from a source private to the host. */
    public HostOptions withClock(TimeProvider newClock) {
        return new HostOptions(newClock, errorListener, hostId -> UniqueTimestamps.inMemory(hostId, newClock),
                queueClock, extensions, queues);
    }

    /** These options with another source of unique timestamps, e.g. one that outlives a crashed host in a test. */
    public HostOptions withTimestamps(Function<Integer, UniqueTimestamps> newTimestamps) {
        return new HostOptions(clock, errorListener, newTimestamps, queueClock, extensions, queues);
    }

    /** These options with a listener for handler errors. */
    public HostOptions withErrorListener(HandlerErrorListener listener) {
        return new HostOptions(clock, listener, timestamps, queueClock, extensions, queues);
    }

    /** These options with another clock for queue roll cycles, e.g. to roll through many cycles in a test. */
    public HostOptions withQueueClock(TimeProvider newQueueClock) {
        return new HostOptions(clock, errorListener, timestamps, newQueueClock, extensions, queues);
    }

    /** These options with the extensions to start instead of those on the class path, e.g. a test's own. */
    public HostOptions withExtensions(HostExtension... newExtensions) {
        return new HostOptions(clock, errorListener, timestamps, queueClock, List.of(newExtensions), queues);
    }

    /**
     * These options with queues opened beforehand, which the host borrows instead of opening its own and leaves open
     * when it closes or crashes: hosts started one after another on the same queues in one process start faster.
     */
    public HostOptions withQueues(OpenQueues openQueues) {
        return new HostOptions(clock, errorListener, timestamps, queueClock, extensions, openQueues);
    }
}
