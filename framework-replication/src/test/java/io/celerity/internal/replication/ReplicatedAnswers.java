package io.celerity.internal.replication;

import io.celerity.api.ServiceContext;
import io.celerity.fixtures.TickIn;
import org.agrona.concurrent.Agent;

/**
 * A gateway's way with acknowledged writes, without its sockets: writes ticks at a pace ({@link PacedTickSource}: a
 * client's requests) and answers each (a line "answered N" on standard output, once per pass that answered any) only
 * once one replica holds it. It never waits: the writes not held yet are kept, by index, and asked about next pass.
 */
public final class ReplicatedAnswers implements Agent {

    private final ServiceContext context;
    private final PacedTickSource requests;
    private final long[] pending = new long[1 << 20]; // indexes of the writes not yet answered, oldest first (a ring)
    private long written;
    private long answered;

    public ReplicatedAnswers(TickIn out, ServiceContext context, PacedTickSettings settings) {
        this.context = context;
        this.requests = new PacedTickSource(out, context, settings, this::written);
        if (settings.count > pending.length)
            throw new IllegalArgumentException("count " + settings.count + " exceeds " + pending.length);
    }

    private void written(long n) {
        pending[(int) (n % pending.length)] = context.lastOutputIndex();
        written = n + 1;
    }

    @Override
    public void onStart() {
        requests.onStart();
    }

    @Override
    public int doWork() {
        int work = requests.doWork();
        long before = answered;
        // Acknowledgements are cumulative: the oldest write not answered is the one to ask about.
        while (answered < written && context.replicated(pending[(int) (answered % pending.length)], 1))
            answered++;
        if (answered > before)
            System.out.println("answered " + answered);
        return work + (int) (answered - before);
    }

    @Override
    public String roleName() {
        return context.serviceName();
    }
}
