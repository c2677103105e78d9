package io.celerity.internal.replication;

import io.celerity.api.ServiceContext;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import org.agrona.concurrent.Agent;

/** A user agent writing {@code count} ticks at {@code perSecond}, so that a fault can land while it still writes. */
public final class PacedTickSource implements Agent {

    private final TickIn out;
    private final ServiceContext context;
    private final PacedTickSettings settings;
    private final Tick tick = new Tick();
    private long startNanos;
    private long written;

    public PacedTickSource(TickIn out, ServiceContext context, PacedTickSettings settings) {
        this.out = out;
        this.context = context;
        this.settings = settings;
    }

    @Override
    public void onStart() {
        startNanos = System.nanoTime();
    }

    @Override
    public int doWork() {
        long due = Math.min(settings.count, (System.nanoTime() - startNanos) * settings.perSecond / 1_000_000_000L);
        int work = 0;
        for (; written < due; written++, work++)
            out.tick(tick.set(7, written, context.uniqueTimestamp()));
        return work;
    }

    @Override
    public String roleName() {
        return context.serviceName();
    }
}
