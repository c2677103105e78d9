package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.internal.operations.HostQueues;
import io.celerity.internal.schema.ReadableAtStart;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;

/**
 * A deployment's queues opened once and lent to the hosts started on them one after another in this process, as a
 * restart test does ({@link HostOptions#withQueues}): a host that closes or crashes leaves them open, so the next one
 * starts without opening them again. Each host still reads its keys, and the data subjects' keys, from the queues as a
 * new process does. Its opener closes them, after the last host.
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
        HostQueues queues = HostQueues.forLending(config, rollClock);
        try {
            queues.moveAsideIncompleteCycleFiles(); // once, as a process starts: the hosts on them do not again
        } catch (RuntimeException | Error e) {
            queues.close();
            throw e;
        }
        return new OpenQueues(config, queues);
    }

    /** The queue called {@code name} as services read and write it (sealed as a tool seals), or {@code null}. */
    public ChronicleQueue get(String name) {
        return queues.get(name);
    }

    /**
     * Lends the queues to a host of {@code hostConfig}, the configuration they were opened with: the host's own view
     * of them, with its own keys, which it closes.
     */
    HostQueues lendTo(CelerityConfig hostConfig) {
        if (hostConfig != config) // the keys, the services and this host's part decide what a view does, not the queues
            throw new IllegalArgumentException("the open queues were opened with another configuration ("
                    + config.source() + ") than the host's (" + hostConfig.source() + "); expected the same one");
        return queues.borrow(hostConfig);
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
