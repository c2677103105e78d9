package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.internal.operations.HostQueues;
import io.celerity.internal.schema.ReadableAtStart;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;

/**
 * A deployment's queues opened once and lent to the hosts started on them one after another in this process, as a
 * restart test does ({@link HostOptions#withQueues}): a host that closes or crashes leaves them open, so the next one
 * starts without opening them again. Its opener closes them, after the last host.
 */
public final class OpenQueues implements AutoCloseable {

    private final CelerityConfig config;
    private final HostQueues queues;
    private final ReadableAtStart.Checked readable = new ReadableAtStart.Checked(); // by the hosts' start checks

    private OpenQueues(CelerityConfig config, HostQueues queues) {
        this.config = config;
        this.queues = queues;
    }

    /** Opens every queue of {@code config}; {@code rollClock} decides when they roll to a new cycle file. */
    public static OpenQueues open(CelerityConfig config, TimeProvider rollClock) {
        return new OpenQueues(config, new HostQueues(config, rollClock));
    }

    /** The queue called {@code name} as services read and write it, or {@code null}. */
    public ChronicleQueue get(String name) {
        return queues.get(name);
    }

    /** Lends the queues to a host of {@code hostConfig}, which must name the same queues. */
    HostQueues lendTo(CelerityConfig hostConfig) {
        if (!hostConfig.queues().equals(config.queues()))
            throw new IllegalArgumentException("the open queues are those of " + config.source()
                    + ", not the queues of the host's configuration " + hostConfig.source());
        return queues;
    }

    ReadableAtStart.Checked readable() {
        return readable;
    }

    @Override
    public void close() {
        readable.close();
        queues.close();
    }
}
