package io.celerity.internal.replication;

import io.celerity.api.ServiceContext;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import org.agrona.concurrent.Agent;

import java.util.function.LongConsumer;

/** A user agent writing {@code count} ticks at {@code perSecond}, so that a fault can land while it still writes. */
public final class PacedTickSource implements Agent {

    private final TickIn out;
    private final ServiceContext context;
    private final PacedTickSettings settings;
    private final LongConsumer written; // told the number of each tick once it is written
    private final Tick tick = new Tick();
    private long startNanos;
    private long ticks;

    public PacedTickSource(TickIn out, ServiceContext context, PacedTickSettings settings) {
        this(out, context, settings, n -> { });
    }

    PacedTickSource(TickIn out, ServiceContext context, PacedTickSettings settings, LongConsumer written) {
        this.out = out;
        this.context = context;
        this.settings = settings;
        this.written = written;
    }

    @Override
    public void onStart() {
        startNanos = System.nanoTime();
    }

    @Override
    public int doWork() {
        long due = Math.min(settings.count, (System.nanoTime() - startNanos) * settings.perSecond / 1_000_000_000L);
        int work = 0;
        for (; ticks < due; ticks++, work++) {
            out.tick(tick.set(7, ticks, context.uniqueTimestamp()));
            written.accept(ticks);
        }
        return work;
    }

    @Override
    public String roleName() {
        return context.serviceName();
    }
}
