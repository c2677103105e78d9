package io.celerity.extension;

import java.io.IOException;

/** A part of a host's status that an extension writes (e.g. a status file per copied queue), off the loop threads. */
@FunctionalInterface
public interface StatusSection {

    /** Writes it as of now; {@code state} is the host's: running, closed, or stopped (by itself). Best effort. */
    void write(String state) throws IOException;
}
