package io.celerity.host;

/** Live counters of one service, readable from any thread; {@code toString()} lists them all. */
public interface ServiceStats {

    /** The service these counters belong to. */
    String serviceName();

    /** Input messages processed (their outputs committed), including bad ones. */
    long inputs();

    /** Output documents written (all the outputs of one input or one timer tick form one document). */
    long outputs();

    /** Input events whose handler threw. */
    long handlerErrors();

    /** Input messages that could not be decoded or named an unknown event. */
    long badMessages();

    /** Timer events delivered. */
    long timerTicks();

    /** Output documents the service waited to see on disk (MS_SYNC), asked for by its component or its queue. */
    long syncs();

    /** Snapshots completed since start. */
    long snapshots();
}
