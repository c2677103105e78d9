package io.celerity.torture;

import java.util.Random;

/**
 * One SIGKILL of a trial: which service, and when. A third of the kills wait for the victim's output to reach a random
 * count (so they land while it works); a third wait a random time after the previous (re)start, which can fall in the
 * victim's start-up, its state rebuild, or after it has drained; a third kill the order manager, whose snapshot holds
 * every live order, while it writes a snapshot.
 *
 * @param service the victim's position in {@link OmsPipeline#SERVICES}
 * @param at      outputs of the victim, milliseconds after the previous (re)start, or which snapshot since then
 */
record Kill(int service, When when, long at) {

    /** What a kill waits for. */
    enum When {
        /** The victim has come up since its last start, and its output holds {@code at} documents. */
        OUTPUTS,
        /** {@code at} milliseconds have passed since the previous (re)start. */
        MILLIS,
        /** The victim has started its {@code at}-th snapshot since the previous (re)start and not yet ended it. */
        MID_SNAPSHOT
    }

    /** The order manager: its snapshots take long enough (one event per live order) to be caught in the middle. */
    static final int SNAPSHOT_VICTIM = 2;

    static Kill random(Random random, int requests, long windowMillis, long snapshotEvery) {
        When when = When.values()[random.nextInt(When.values().length)];
        return switch (when) {
            case OUTPUTS -> new Kill(random.nextInt(OmsPipeline.SERVICES.size()), when, 1 + random.nextInt(requests - 1));
            case MILLIS -> new Kill(random.nextInt(OmsPipeline.SERVICES.size()), when, random.nextInt((int) windowMillis + 1));
            case MID_SNAPSHOT -> new Kill(SNAPSHOT_VICTIM, when,
                    1 + random.nextInt((int) Math.max(1, Math.min(3, requests / snapshotEvery))));
        };
    }

    @Override
    public String toString() {
        return OmsPipeline.SERVICES.get(service) + switch (when) {
            case OUTPUTS -> String.format(" at %,d outputs", at);
            case MILLIS -> String.format(" %,d ms after the last (re)start", at);
            case MID_SNAPSHOT -> " in snapshot " + at + " after the last (re)start";
        };
    }
}
