package io.celerity.runtime;

import io.celerity.config.PauserType;
import net.openhft.chronicle.threads.Pauser;

/** Maps a configured pauser type to Chronicle's implementation. */
final class Pausers {

    private Pausers() {
    }

    static Pauser create(PauserType type) {
        switch (type) {
            case BUSY: return Pauser.busy();
            case YIELDING: return Pauser.yielding();
            case SLEEPY: return Pauser.sleepy();
            default: return Pauser.balanced();
        }
    }
}
