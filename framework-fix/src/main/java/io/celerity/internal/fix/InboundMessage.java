package io.celerity.internal.fix;

import io.celerity.fix.FixMessage;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;
import org.agrona.DirectBuffer;

/** The flyweight {@link FixMessage} the gateway hands its inbound mapping, one message at a time. */
final class InboundMessage implements FixMessage {

    private final MutableAsciiBuffer buffer = new MutableAsciiBuffer();
    private long messageType;
    private String session;
    private HeaderFields header;
    private int offset;
    private int length;
    boolean rejected;
    int rejectTag;
    int rejectReason;
    String rejectText;

    InboundMessage wrap(String session, DirectBuffer buffer, int offset, int length, long messageType,
                        HeaderFields header) {
        this.buffer.wrap(buffer);
        this.session = session;
        this.offset = offset;
        this.length = length;
        this.messageType = messageType;
        this.header = header;
        rejected = false;
        return this;
    }

    @Override
    public long messageType() {
        return messageType;
    }

    @Override
    public String session() {
        return session;
    }

    @Override
    public int msgSeqNum() {
        return header.msgSeqNum;
    }

    @Override
    public boolean possDup() {
        return header.possDup;
    }

    @Override
    public MutableAsciiBuffer buffer() {
        return buffer;
    }

    @Override
    public int offset() {
        return offset;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public void reject(int refTagId, int sessionRejectReason, String text) {
        rejected = true;
        rejectTag = refTagId;
        rejectReason = sessionRejectReason;
        rejectText = text;
    }
}
