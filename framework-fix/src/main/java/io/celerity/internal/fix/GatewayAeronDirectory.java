package io.celerity.internal.fix;

import io.aeron.CommonContext;

import java.nio.file.Path;

/**
 * Where a gateway's embedded media driver keeps its files: one directory per state directory, beside Aeron's default
 * (in shared memory), so a gateway restarted on its state finds and clears the directory its killed predecessor left.
 * A state directory deleted after a SIGKILL leaves its media driver's directory behind: whoever deletes the one can
 * delete the other.
 */
public final class GatewayAeronDirectory {

    private GatewayAeronDirectory() {
    }

    /** The media driver directory of the gateway whose state is in {@code stateDir}. */
    public static Path of(Path stateDir) {
        return Path.of(CommonContext.getAeronDirectoryName() + "-celerity-fix-"
                + Integer.toHexString(stateDir.toAbsolutePath().toString().hashCode()));
    }
}
