package io.celerity.fixtest;

import io.celerity.fix.FixInbound;
import io.celerity.fix.FixMessage;
import io.celerity.fixtest.codecs.decoder.NewOrderSingleDecoder;

/**
 * The desk's inbound mapping, except that the process dies on a NewOrderSingle with ClOrdID {@value #CRASH} that is no
 * possible duplicate: after Artio took the message in, before anything of it reached the queue.
 */
public final class CrashingDeskFromFix implements FixInbound {

    public static final String CRASH = "crash";

    private final DeskFromFix desk;
    private final NewOrderSingleDecoder newOrder = new NewOrderSingleDecoder();

    public CrashingDeskFromFix(DeskIn out) {
        this.desk = new DeskFromFix(out);
    }

    @Override
    public boolean onMessage(FixMessage message) {
        if (message.messageType() == NewOrderSingleDecoder.MESSAGE_TYPE && !message.possDup()) {
            newOrder.reset();
            newOrder.decode(message.buffer(), message.offset(), message.length());
            if (CRASH.equals(newOrder.clOrdIDAsString()))
                Runtime.getRuntime().halt(137); // as SIGKILL: no shutdown hook, no close
        }
        return desk.onMessage(message);
    }
}
