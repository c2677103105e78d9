package io.celerity.internal.replication;

import io.aeron.ExclusivePublication;
import io.aeron.logbuffer.BufferClaim;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;

/**
 * Publishes data frames without allocating: a frame that fits one Aeron fragment is written in place ({@code tryClaim});
 * a larger one is offered from the document's own memory behind a reused header, and Aeron fragments it.
 */
final class FramePublisher {

    private final ExclusivePublication publication;
    private final BufferClaim claim = new BufferClaim();
    private final UnsafeBuffer header = new UnsafeBuffer(ByteBuffer.allocateDirect(Frames.DATA_HEADER));
    private final UnsafeBuffer document = new UnsafeBuffer(0, 0);
    private final long token;
    private final int host;

    /** @param token the source's lease token (0: none); @param host the source's host index */
    FramePublisher(ExclusivePublication publication, long token, int host) {
        this.publication = publication;
        this.token = token;
        this.host = host;
        header.putLong(Frames.DATA_TOKEN, token, Frames.ORDER);
        header.putLong(Frames.DATA_HOST, host, Frames.ORDER); // with the padding after it
    }

    /** Publishes one frame; the publication's result: a new position (> 0), or why not (back pressure, not connected). */
    long publish(long epoch, long index, long address, int length) {
        int frameLength = Frames.DATA_HEADER + length;
        if (length > 0)
            document.wrap(address, length);
        if (frameLength <= publication.maxPayloadLength()) {
            long result = publication.tryClaim(frameLength, claim);
            if (result > 0) {
                MutableDirectBuffer buffer = claim.buffer();
                int offset = claim.offset();
                buffer.putLong(offset + Frames.DATA_EPOCH, epoch, Frames.ORDER);
                buffer.putLong(offset + Frames.DATA_INDEX, index, Frames.ORDER);
                buffer.putLong(offset + Frames.DATA_TOKEN, token, Frames.ORDER);
                buffer.putLong(offset + Frames.DATA_HOST, host, Frames.ORDER);
                if (length > 0)
                    buffer.putBytes(offset + Frames.DATA_HEADER, document, 0, length);
                claim.commit();
            }
            return result;
        }
        header.putLong(Frames.DATA_EPOCH, epoch, Frames.ORDER);
        header.putLong(Frames.DATA_INDEX, index, Frames.ORDER);
        return publication.offer(header, 0, Frames.DATA_HEADER, document, 0, length);
    }

    /** Asks the sink where to start: a frame with no document. */
    long hello() {
        return publish(Frames.NO_EPOCH, Frames.HELLO, 0, 0);
    }

    /** Tells the sink the frames that follow, tagged {@code epoch}, start at its place. */
    long resumed(long epoch) {
        return publish(epoch, Frames.RESUMED, 0, 0);
    }

    /** Tells the sink that its last document, as it said in {@code epoch}, is not this source's. */
    long diverged(long epoch) {
        return publish(epoch, Frames.DIVERGED, 0, 0);
    }

    boolean isConnected() {
        return publication.isConnected();
    }

    ExclusivePublication publication() {
        return publication;
    }
}
