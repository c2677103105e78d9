package io.celerity.torture;

import java.nio.file.Path;
import java.util.Random;

/**
 * One fault of a trial of the highly available OMS, applied {@code afterMillis} after the previous fault was over (or
 * after the requests began) to whichever host is the order manager's primary then: kill -9 (and started again at
 * once, as a supervisor would), SIGSTOP for {@code downMillis} then SIGCONT, or its link cut for {@code downMillis}
 * then restored. Or no fault but a rolling upgrade to {@code release}, a directory of the application's classes of
 * another release: the standby first, then the primary (the lease moves to the upgraded standby), then the entry host.
 */
record HaFault(Kind kind, long afterMillis, long downMillis, Path release) {

    HaFault(Kind kind, long afterMillis, long downMillis) {
        this(kind, afterMillis, downMillis, null);
    }

    /** A rolling upgrade to {@code release}, {@code afterMillis} after the requests began. */
    static HaFault upgrade(long afterMillis, Path release) {
        return new HaFault(Kind.UPGRADE, afterMillis, 0, release);
    }

    enum Kind {
        KILL, STOP, CUT, UPGRADE;

        /** The faults a plan may draw at random: not an upgrade, which needs a release. */
        static final Kind[] FAULTS = {KILL, STOP, CUT};

        String label() {
            return switch (this) {
                case KILL -> "kill -9";
                case STOP -> "SIGSTOP";
                case CUT -> "link cut";
                case UPGRADE -> "rolling upgrade";
            };
        }
    }

    /** A fault of one of {@code kinds} at random, within {@code windowMillis}; a pause or cut lasts 0.5 to 3 s. */
    static HaFault random(Random random, long windowMillis, Kind... kinds) {
        Kind kind = kinds[random.nextInt(kinds.length)];
        long after = (long) (random.nextDouble() * windowMillis);
        return new HaFault(kind, after, kind == Kind.KILL ? 0 : 500 + random.nextInt(2_501));
    }

    @Override
    public String toString() {
        return switch (kind) {
            case KILL -> String.format("kill -9 of the primary after %,d ms", afterMillis);
            case STOP, CUT -> String.format("%s of the primary for %,d ms after %,d ms", kind.label(), downMillis,
                    afterMillis);
            case UPGRADE -> String.format("rolling upgrade to %s after %,d ms", release.getFileName(), afterMillis);
        };
    }
}
