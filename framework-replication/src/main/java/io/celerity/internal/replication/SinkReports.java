package io.celerity.internal.replication;

import io.aeron.ExclusivePublication;
import io.aeron.logbuffer.BufferClaim;
import net.openhft.chronicle.queue.RollCycle;
import org.agrona.MutableDirectBuffer;

/** What a sink tells its source, in control frames written in place: where to resume, what it holds. */
final class SinkReports implements AutoCloseable {

    private final ExclusivePublication publication;
    private final BufferClaim claim = new BufferClaim();
    private final int sinkId;
    private final long cycleLayout;
    private final int cycleMillis;

    SinkReports(ExclusivePublication publication, int sinkId, RollCycle rollCycle) {
        this.publication = publication;
        this.sinkId = sinkId;
        this.cycleLayout = Frames.cycleLayout(rollCycle);
        this.cycleMillis = rollCycle.lengthInMillis();
    }

    /** Asks for the documents after {@code lastIndex} (-1: all), tagged {@code epoch}; false if not sent now. */
    boolean resume(long epoch, long lastIndex) {
        return send(Frames.RESUME, epoch, lastIndex);
    }

    /**
     * Reports that the replica holds every document up to {@code index}; false if not sent now. {@code epoch}: the
     * current one once the source's resend of the replica's last document matched it, else {@link Frames#NO_EPOCH}.
     */
    boolean ack(long epoch, long index) {
        return send(Frames.ACK, epoch, index);
    }

    private boolean send(int type, long epoch, long index) {
        if (publication.tryClaim(Frames.CONTROL_LENGTH, claim) < 0)
            return false;
        MutableDirectBuffer buffer = claim.buffer();
        int offset = claim.offset();
        buffer.putInt(offset + Frames.CONTROL_TYPE, type, Frames.ORDER);
        buffer.putInt(offset + Frames.CONTROL_SINK, sinkId, Frames.ORDER);
        buffer.putLong(offset + Frames.CONTROL_EPOCH, epoch, Frames.ORDER);
        buffer.putLong(offset + Frames.CONTROL_INDEX, index, Frames.ORDER);
        buffer.putLong(offset + Frames.CONTROL_CYCLE_LAYOUT, cycleLayout, Frames.ORDER);
        buffer.putInt(offset + Frames.CONTROL_CYCLE_MILLIS, cycleMillis, Frames.ORDER);
        claim.commit();
        return true;
    }

    @Override
    public void close() {
        publication.close();
    }
}
