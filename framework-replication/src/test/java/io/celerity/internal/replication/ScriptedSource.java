package io.celerity.internal.replication;

import io.aeron.Subscription;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A source the test drives by hand, for a real sink on a {@link Link}: its own media driver, reading the sink's
 * resumes on the link's control stream; it sends only what the test publishes.
 */
final class ScriptedSource implements AutoCloseable {

    private final AeronConnection aeron;
    private final Subscription control;
    private final Link link;
    private final List<Long> epochs = new ArrayList<>();
    private final List<Long> firstSeenNs = new ArrayList<>();
    private FramePublisher data;

    ScriptedSource(Path aeronDir, Link link) {
        this.link = link;
        aeron = AeronConnection.embedded(aeronDir);
        control = aeron.aeron().addSubscription(link.control().channel(), link.control().streamId());
    }

    /** The publication to the sink's data endpoint, made on first use. */
    FramePublisher data() {
        if (data == null)
            data = new FramePublisher(aeron.aeron().addExclusivePublication(link.data().channel(),
                    link.data().streamId()), 0, 0); // not highly available: no lease token
        return data;
    }

    /** Reads the resumes that arrived; returns the epochs they asked for so far, in the order first seen. */
    List<Long> pollResumes() {
        control.poll((buffer, offset, length, header) -> {
            long epoch = buffer.getLong(offset + Frames.CONTROL_EPOCH, Frames.ORDER);
            if (buffer.getInt(offset + Frames.CONTROL_TYPE, Frames.ORDER) == Frames.RESUME && !epochs.contains(epoch)) {
                epochs.add(epoch);
                firstSeenNs.add(System.nanoTime());
            }
        }, 16);
        return epochs;
    }

    /** When the resume of the {@code n}th epoch (from 0) was first read. */
    long firstSeenNs(int n) {
        return firstSeenNs.get(n);
    }

    @Override
    public void close() {
        if (data != null)
            data.publication().close();
        control.close();
        aeron.close();
    }
}
