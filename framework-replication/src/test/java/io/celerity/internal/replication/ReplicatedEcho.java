package io.celerity.internal.replication;

import io.celerity.api.ServiceContext;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickOut;

/** Echoes every tick, asking that each answer be held by one replica before it reads on. */
public final class ReplicatedEcho implements TickIn {

    private final TickOut out;
    private final ServiceContext context;

    public ReplicatedEcho(TickOut out, ServiceContext context) {
        this.out = out;
        this.context = context;
    }

    @Override
    public void tick(Tick tick) {
        out.echoed(tick);
        context.replicateOutputs(1);
    }
}
