package io.celerity.internal.restart;

import io.celerity.config.ServiceConfig;
import io.celerity.extension.OutputGate;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.queue.ExcerptTailer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A gated service until its gate opens: its state kept warm by following its output (the copy another host writes),
 * then the takeover, once the gate is open and this host's copy of each input holds what the last output answers. The
 * caller suppresses outputs meanwhile. Loop thread only.
 */
public final class Standby implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Standby.class);
    /** Outputs taken back in one pass at most: the loop's other participants run between. */
    private static final int FOLLOW_BATCH = 256;
    private static final long INPUT_WAIT_NANOS = 100_000_000; // then the loop's back-off, as for replicas

    private final ServiceConfig config;
    private final OutputGate gate;
    private final ServiceRestore restore;
    private final ExcerptTailer[] tailers;
    private OutputFollower follower; // null: it keeps no state, or it took over
    private long[] takeoverPoints; // the last input each output answers, once the gate is open
    private long awaitingInputSince; // the gate open while an input's copy is behind; 0: not
    private boolean tookOver;

    /** @param follower takes the outputs back into the component; {@code null} when it keeps no state */
    public Standby(ServiceConfig config, OutputGate gate, ServiceRestore restore, ExcerptTailer[] tailers,
                   OutputFollower follower) {
        this.config = config;
        this.gate = gate;
        this.restore = restore;
        this.tailers = tailers;
        this.follower = follower;
        LOG.info("{}: standing by, its state kept warm from its output; it writes once this host holds its lease",
                config.name());
    }

    /** One pass: takes back the outputs that arrived, or takes over; returns the work done. */
    public int work() {
        if (gate.state(System.nanoTime()) != OutputGate.State.OPEN) {
            takeoverPoints = null; // the output's copy may grow again
            awaitingInputSince = 0;
            return follower == null ? 0 : follower.follow(FOLLOW_BATCH);
        }
        long start = awaitingInputSince != 0 ? awaitingInputSince : System.nanoTime();
        long replayed = 0;
        if (follower != null) {
            replayed = follower.followToEnd(); // the copy no longer grows: this host's copy is now the source
            if (follower.inputBehind())
                return awaitInput(-1);
        }
        if (takeoverPoints == null)
            takeoverPoints = restore.resumePoints();
        int behind = restore.firstInputBehind(tailers, takeoverPoints);
        if (behind >= 0)
            return awaitInput(behind);
        close();
        restore.position(tailers, takeoverPoints);
        tookOver = true;
        LOG.info("{}: took over as primary: {} output(s) taken back while standing by; the last {} ms",
                config.name(), replayed, (System.nanoTime() - start) / 1_000_000);
        return 1;
    }

    /** Whether it has taken over: the inputs are positioned after what the output answers, and it may write. */
    public boolean tookOver() {
        return tookOver;
    }

    /**
     * The input's copy here is behind the output's: taking over now would answer its inputs again. Waits, as for
     * replicas: after 100 ms it throws, so the loop backs it off and, after {@code writeFailureTimeout}, stops the host
     * (its lease then runs out, and another candidate may take over).
     */
    private int awaitInput(int input) {
        long now = System.nanoTime();
        String what = input < 0 ? "an input" : "input '" + config.readQueues().get(input) + "'";
        if (awaitingInputSince == 0) {
            awaitingInputSince = now;
            LOG.warn("{}: holds its lease, but its copy of {} does not yet hold the input its last output answers; "
                    + "taking over once it does", config.name(), what);
        } else if (now - awaitingInputSince > INPUT_WAIT_NANOS) {
            throw new IllegalStateException("service '" + config.name() + "' holds its lease, but its copy of " + what
                    + " does not yet hold the input its last output answers");
        }
        return 0;
    }

    @Override
    public void close() {
        Closeable.closeQuietly(follower);
        follower = null;
    }
}
