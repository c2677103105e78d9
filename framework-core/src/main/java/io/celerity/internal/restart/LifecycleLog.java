package io.celerity.internal.restart;

import org.slf4j.Logger;

/**
 * A host's lines about starting, restoring and closing: at info, or at debug for a host that is one of many started in
 * turn on the same open queues (a restart test starts one per input, whose lines would bury the test's own output).
 */
public final class LifecycleLog {

    private final Logger log;
    private final boolean quiet;

    /** @param quiet whether the host is one of many on the same open queues */
    public LifecycleLog(Logger log, boolean quiet) {
        this.log = log;
        this.quiet = quiet;
    }

    public void say(String format, Object... args) {
        if (quiet)
            log.debug(format, args);
        else
            log.info(format, args);
    }
}
