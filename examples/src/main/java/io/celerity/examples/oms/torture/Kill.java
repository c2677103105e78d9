package io.celerity.examples.oms.torture;

import java.util.Random;

/**
 * One SIGKILL of a trial: which service, and when. Half the kills wait for the victim's output to reach a random
 * count (so they land while it works); the others wait a random time after the previous (re)start, which can fall in
 * the victim's start-up, its state rebuild, or after it has drained.
 *
 * @param service    the victim's position in {@link Pipeline#SERVICES}
 * @param byProgress whether {@code at} counts the victim's outputs rather than milliseconds
 * @param at         outputs of the victim, or milliseconds after the previous (re)start
 */
record Kill(int service, boolean byProgress, long at) {

    static Kill random(Random random, int requests, long windowMillis) {
        boolean byProgress = random.nextBoolean();
        return new Kill(random.nextInt(Pipeline.SERVICES.size()), byProgress,
                byProgress ? 1 + random.nextInt(requests - 1) : random.nextInt((int) windowMillis + 1));
    }

    @Override
    public String toString() {
        return Pipeline.SERVICES.get(service) + (byProgress ? String.format(" at %,d outputs", at)
                : String.format(" %,d ms after the last (re)start", at));
    }
}
