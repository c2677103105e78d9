package io.celerity.internal.fix;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveMarkFile;
import io.aeron.archive.ArchiveTool;
import io.aeron.archive.ArchivingMediaDriver;
import io.aeron.archive.client.ArchiveException;
import io.aeron.driver.MediaDriver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.function.Supplier;

/**
 * Launches a gateway's media driver and archive. A kill can leave the last fragment of a recording torn across a page
 * boundary, and the archive then refuses to start ("Run `ArchiveTool verify`"): the gateway cuts that fragment off, as
 * the tool offers, and launches again. Artio's archive is not the gateway's store (the queues and the journal are), so
 * the cut loses nothing the gateway needs; the counterparty is asked for what the inbound queue lacks.
 */
final class ArchiveLaunch {

    private static final Logger LOG = LoggerFactory.getLogger(ArchiveLaunch.class);
    private static final String TORN = "straddling page boundary";

    private ArchiveLaunch() {
    }

    /** Contexts from the suppliers, fresh for a second launch (Aeron's are used once). */
    static ArchivingMediaDriver launch(Supplier<MediaDriver.Context> driver, Supplier<Archive.Context> archive,
                                      File archiveDir, String gateway) {
        try {
            return ArchivingMediaDriver.launch(driver.get(), archive.get());
        } catch (ArchiveException e) {
            if (e.getMessage() == null || !e.getMessage().contains(TORN))
                throw e;
            LOG.warn("fix gateway '{}': {}; cutting the torn fragment off", gateway, e.getMessage().lines().findFirst()
                    .orElse(TORN));
            ByteArrayOutputStream report = new ByteArrayOutputStream();
            boolean clean = ArchiveTool.verify(new PrintStream(report, true, StandardCharsets.UTF_8), archiveDir,
                    EnumSet.noneOf(ArchiveTool.VerifyOption.class), null, file -> true);
            String verified = report.toString(StandardCharsets.UTF_8).strip();
            if (clean)
                LOG.warn("fix gateway '{}': archive verified:\n{}", gateway, verified);
            else // Artio records anew; resends come from the gateway's journal, not the archive
                LOG.error("fix gateway '{}': archive verified with errors, recordings marked invalid:\n{}", gateway,
                        verified);
            new File(archiveDir, ArchiveMarkFile.FILENAME).delete(); // the failed launch's, under the StateDirLock
            return ArchivingMediaDriver.launch(driver.get(), archive.get());
        }
    }
}
