package io.celerity.internal.fix;

import io.aeron.CommonContext;
import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.ArchivingMediaDriver;
import io.aeron.archive.client.AeronArchive;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import uk.co.real_logic.artio.dictionary.FixDictionary;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.FixEngine;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.validation.AuthenticationStrategy;
import uk.co.real_logic.artio.validation.MessageValidationStrategy;
import uk.co.real_logic.artio.validation.SessionPersistenceStrategy;

import java.io.File;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A gateway's Artio engine: its media driver and archive (the archive keeps every message sent and received, for
 * resends and catching up after a restart), and the engine, whose agents run on the gateway's loop (LoopScheduler).
 * All of its state lies under the gateway's {@code stateDir}; the driver's files lie in shared memory.
 */
final class ArtioEngine implements AutoCloseable {

    private static final String IPC = CommonContext.IPC_CHANNEL;
    /**
     * How long the engine's Aeron client, driver and archive wait for each other, and the driver for the client's
     * heartbeat: the client is polled on the gateway's loop, which runs only once the whole host has started. Aeron's
     * 10 s defaults are short for a host starting beside three other JVMs on two loaded cores (liveness, not speed).
     */
    private static final long LIVENESS_TIMEOUT_NS = 30_000_000_000L;

    private final ArchivingMediaDriver driver;
    private final FixEngine engine;
    private final LoopScheduler scheduler;
    private final String aeronDir;
    private final StateDirLock lock;
    private final SentMessageJournal journal;
    private final InboundMarks marks;

    private ArtioEngine(ArchivingMediaDriver driver, FixEngine engine, LoopScheduler scheduler, String aeronDir,
                        StateDirLock lock, SentMessageJournal journal, InboundMarks marks) {
        this.driver = driver;
        this.engine = engine;
        this.scheduler = scheduler;
        this.aeronDir = aeronDir;
        this.lock = lock;
        this.journal = journal;
        this.marks = marks;
    }

    /** Starts the driver, archive and engine of {@code gateway}; its engine's agents wait for the loop. Host thread. */
    static ArtioEngine launch(FixGatewayConfig gateway, Class<? extends FixDictionary> dictionary) {
        Path state = gateway.stateDir().toAbsolutePath();
        StateDirLock lock = StateDirLock.take(state, gateway.name()); // before anything of the directory is touched
        String aeronDir = GatewayAeronDirectory.of(state).toString();
        File archiveDir = state.resolve("archive").toFile();
        ArchivingMediaDriver driver = null;
        SentMessageJournal journal = null;
        InboundMarks marks = null;
        try {
            driver = ArchiveLaunch.launch(() -> new MediaDriver.Context().aeronDirectoryName(aeronDir)
                    .threadingMode(ThreadingMode.SHARED).sharedIdleStrategy(new BackoffIdleStrategy())
                    .dirDeleteOnStart(true).dirDeleteOnShutdown(true)
                    .clientLivenessTimeoutNs(LIVENESS_TIMEOUT_NS) // the engine's client is polled by a loop not yet run
                    .publicationUnblockTimeoutNs(2 * LIVENESS_TIMEOUT_NS), // Aeron asks it to be the longer
                    () -> new Archive.Context().aeronDirectoryName(aeronDir)
                    .archiveDir(archiveDir).threadingMode(ArchiveThreadingMode.SHARED)
                    .idleStrategySupplier(BackoffIdleStrategy::new).controlChannelEnabled(false)
                    .archiveClientContext(new AeronArchive.Context().controlResponseChannel(IPC))
                    .replicationChannel("aeron:udp?endpoint=localhost:0").archiveId(state.hashCode()),
                    archiveDir, gateway.name());
            LoopScheduler scheduler = new LoopScheduler();
            EngineConfiguration config = engineConfiguration(gateway, dictionary, state, aeronDir, scheduler);
            journal = new SentMessageJournal(state, gateway.sessions().size());
            marks = new InboundMarks(state, gateway.sessions().stream().mapToInt(FixSessionConfig::sourceId).toArray());
            return new ArtioEngine(driver, FixEngine.launch(config), scheduler, aeronDir, lock, journal, marks);
        } catch (RuntimeException e) {
            CloseHelper.quietCloseAll(driver, journal, marks, lock);
            throw e;
        }
    }

    private static EngineConfiguration engineConfiguration(FixGatewayConfig gateway,
                                                           Class<? extends FixDictionary> dictionary, Path state,
                                                           String aeronDir, LoopScheduler scheduler) {
        List<String> ours = gateway.sessions().stream().map(FixSessionConfig::senderCompId).distinct().toList();
        List<String> theirs = gateway.sessions().stream().map(FixSessionConfig::targetCompId).distinct().toList();
        EngineConfiguration config = new EngineConfiguration()
                .libraryAeronChannel(IPC)
                .logFileDir(state.resolve("engine").toString())
                .scheduler(scheduler)
                .acceptorfixDictionary(dictionary)
                .defaultHeartbeatIntervalInS((int) gateway.heartbeat().toSeconds())
                .sessionPersistenceStrategy(gateway.resetSeqNumOnLogon() ? SessionPersistenceStrategy.alwaysTransient()
                        : SessionPersistenceStrategy.alwaysPersistent())
                .authenticationStrategy(AuthenticationStrategy.of(compIds(ours, theirs)))
                // A message beyond a resend range in flight is flagged invalid; a closed range asks for it again.
                .acceptedSessionClosedResendInterval(true)
                // While its session awaits a resend range, Artio's default for each message past the range counts it
                // received and moves the start of what it asks for next: under a steady flow, or once a ResendRequest
                // of the counterparty's came out of turn, the range never ends and every message stays invalid
                // (LogonGapsTest; every takeover brings such a logon). Asking again at once leaves the count alone.
                .acceptedSessionSendRedundantResendRequests(true)
                // Resends come from the outbound queue (SentMessageJournal): Artio answers with a gap fill only.
                .gapfillOnReplayMessageTypes(messageTypes(dictionary))
                .printStartupWarnings(false)
                .errorIfDuplicateEngineDetected(false); // StateDirLock keeps a second process out, a killed one's mark too
        if (gateway.accepts()) // bindTo sets bindAtStartup(true): unset after it, so nobody logs on before the start-up
            config.bindTo(gateway.host(), gateway.port()).bindAtStartup(false);
        // Artio's default is one file per machine (/dev/shm/fix-engine/monitoring): two engines starting at once,
        // a gateway's primary and standby on one machine, failed with FileAlreadyExistsException.
        config.monitoringFile(state.resolve("engine").resolve("monitoring").toString());
        config.aeronContext().aeronDirectoryName(aeronDir).driverTimeoutMs(LIVENESS_TIMEOUT_NS / 1_000_000);
        config.aeronArchiveContext().aeronDirectoryName(aeronDir).controlRequestChannel(IPC)
                .controlResponseChannel(IPC).messageTimeoutNs(LIVENESS_TIMEOUT_NS);
        new File(config.logFileDir()).mkdirs();
        return config;
    }

    /** Every MsgType of the dictionary, from the Constants class Artio generated beside it. */
    static Set<String> messageTypes(Class<? extends FixDictionary> dictionary) {
        String constants = dictionary.getPackageName() + ".Constants";
        try {
            Set<String> types = new HashSet<>();
            for (Field f : Class.forName(constants, true, dictionary.getClassLoader()).getFields())
                if (f.getName().endsWith("_MESSAGE_AS_STR"))
                    types.add((String) f.get(null));
            return types;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no " + constants + " beside the dictionary " + dictionary.getName()
                    + ": generate the dictionary's codecs with Artio's CodecGenerationTool", e);
        }
    }

    /** Logons from none of the sessions' counterparties, or to none of our CompIDs, are refused. */
    private static MessageValidationStrategy compIds(List<String> ours, List<String> theirs) {
        MessageValidationStrategy senders = MessageValidationStrategy.senderCompId(theirs);
        return ours.size() == 1 ? MessageValidationStrategy.targetCompId(ours.get(0)).and(senders) : senders;
    }

    /** A library configuration reaching this engine, its monitoring file beside the engine's. */
    LibraryConfiguration library(String name) {
        LibraryConfiguration config = new LibraryConfiguration();
        config.monitoringFile(Path.of(engine.configuration().logFileDir()).resolve("library-monitoring").toString());
        config.libraryName(name).libraryAeronChannels(List.of(IPC)).aeronContext().aeronDirectoryName(aeronDir);
        return config;
    }

    FixEngine engine() {
        return engine;
    }

    LoopScheduler scheduler() {
        return scheduler;
    }

    /** Logs the sessions out and stops the engine, driving its agents here: its loop has stopped by now. */
    @Override
    public void close() {
        scheduler.willDrive();
        Thread closer = new Thread(engine::close, "artio-close");
        closer.start();
        scheduler.driveUntilClosed();
        try {
            closer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        CloseHelper.closeAll(driver, journal, marks, lock);
    }

    SentMessageJournal journal() {
        return journal;
    }

    InboundMarks marks() {
        return marks;
    }
}
