package io.celerity.internal.cluster;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ClusterControl;
import io.aeron.cluster.ClusteredMediaDriver;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.NanosecondClusterClock;
import io.aeron.cluster.service.ClusteredServiceContainer;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
import org.agrona.concurrent.NoOpLock;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.status.AtomicCounter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * This host's member of the cluster: a media driver, the Aeron Archive that records the cluster's log, the consensus
 * module (Raft) and the clustered service container running {@link LeaseService}, the lock service that grants
 * leases to client hosts ({@link LeaseClient}), all in this process. Its {@link #leadership()} says what Raft role it
 * has, for status. Its state (log, votes, snapshots) lives in its directory and survives a restart, as Raft requires.
 */
public final class ClusterMember implements AutoCloseable {

    // A member starved of CPU past Aeron's default 10 s (22 s seen on a loaded 2-core machine, as a member started) is
    // slow, not dead: its clients would end themselves. A paused holder is fenced by its lease, not by this.
    private static final long CLIENT_LIVENESS_NS = TimeUnit.SECONDS.toNanos(60);

    private static final Logger LOG = LoggerFactory.getLogger(ClusterMember.class);
    /** Small terms: the log carries a few dozen renewals a second, and files are kept on disk. */
    private static final String TERM_LENGTH = "term-length=256k";
    private static final String LOCAL_CONTROL = "aeron:ipc?" + TERM_LENGTH;
    private static final int SEGMENT_FILE_LENGTH = 4 * 1024 * 1024;

    private final MemberDirectory directory;
    private final Leadership leadership;
    private final LeaseService service;
    private final ClusteredMediaDriver driver;
    private final ClusteredServiceContainer container;

    private ClusterMember(MemberDirectory directory, Leadership leadership, LeaseService service,
                          ClusteredMediaDriver driver, ClusteredServiceContainer container) {
        this.directory = directory;
        this.leadership = leadership;
        this.service = service;
        this.driver = driver;
        this.container = container;
    }

    /** Starts the member for host {@code hostName} of {@code members}, its files under {@code dir}; refuses a host
     * that is not a member. */
    public static ClusterMember start(ClusterMembers members, String hostName, Path dir, ClusterTimeouts timeouts) {
        int id = members.idOf(hostName);
        String address = members.member(id).address();
        String aeronDir = dir.resolve("aeron").toAbsolutePath().toString();
        Leadership leadership = new Leadership(id);
        LeaseService service = new LeaseService(leadership, timeouts.lease().toNanos());

        MediaDriver.Context driverContext = driverContext(aeronDir, hostName);
        Archive.Context archiveContext = archiveContext(members, id, dir, aeronDir, hostName);
        AeronArchive.Context localArchive = new AeronArchive.Context()
                .lock(NoOpLock.INSTANCE)
                .controlRequestChannel(LOCAL_CONTROL)
                .controlResponseChannel(LOCAL_CONTROL)
                .aeronDirectoryName(aeronDir);
        ConsensusModule.Context consensusContext = new ConsensusModule.Context()
                .clusterMemberId(id)
                .clusterMembers(members.aeronMembers())
                .clusterDir(dir.resolve("cluster").toFile())
                .aeronDirectoryName(aeronDir)
                .ingressChannel("aeron:udp?" + TERM_LENGTH)
                .logChannel("aeron:udp?" + TERM_LENGTH)
                .replicationChannel("aeron:udp?endpoint=" + address + ":0")
                .archiveContext(localArchive.clone())
                .clusterClock(new NanosecondClusterClock()) // lease expiries in ns, not rounded to a millisecond
                .leaderHeartbeatIntervalNs(timeouts.leaderHeartbeatInterval().toNanos())
                .leaderHeartbeatTimeoutNs(timeouts.leaderHeartbeatTimeout().toNanos())
                .electionTimeoutNs(timeouts.electionTimeout().toNanos())
                .electionStatusIntervalNs(timeouts.electionStatusInterval().toNanos())
                .startupCanvassTimeoutNs(timeouts.startupCanvassTimeout().toNanos())
                .errorHandler(e -> LOG.error("cluster member {} consensus module: {}", hostName, e.toString(), e));
        ClusteredServiceContainer.Context serviceContext = new ClusteredServiceContainer.Context()
                .aeronDirectoryName(aeronDir)
                .archiveContext(localArchive.clone())
                .clusterDir(dir.resolve("cluster").toFile())
                .clusteredService(service)
                .idleStrategySupplier(() -> new SleepingMillisIdleStrategy(1))
                .errorHandler(e -> LOG.error("cluster member {} service: {}", hostName, e.toString(), e));

        MemberDirectory directory = MemberDirectory.hold(dir, hostName);
        ClusteredMediaDriver driver = null;
        try {
            driver = ClusteredMediaDriver.launch(driverContext, archiveContext, consensusContext);
            ClusteredServiceContainer container = ClusteredServiceContainer.launch(serviceContext);
            LOG.info("cluster member {} (id {}) of {} started, files in {}", hostName, id, members, dir);
            return new ClusterMember(directory, leadership, service, driver, container);
        } catch (RuntimeException e) {
            CloseHelper.quietCloseAll(driver, directory);
            throw e;
        }
    }

    // One media driver for the member's archive, consensus module and service: sparse terms, its directory its own.
    private static MediaDriver.Context driverContext(String aeronDir, String hostName) {
        return new MediaDriver.Context()
                .aeronDirectoryName(aeronDir)
                .threadingMode(ThreadingMode.SHARED)
                .clientLivenessTimeoutNs(CLIENT_LIVENESS_NS)
                .publicationUnblockTimeoutNs(2 * CLIENT_LIVENESS_NS) // Aeron requires it longer than the liveness
                .termBufferSparseFile(true)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .errorHandler(e -> LOG.error("cluster member {} media driver: {}", hostName, e.toString(), e));
    }

    // The archive of the cluster's log: other members reach it at this member's archive endpoint to catch up.
    private static Archive.Context archiveContext(ClusterMembers members, int id, Path dir, String aeronDir,
                                                  String hostName) {
        String address = members.member(id).address();
        return new Archive.Context()
                .aeronDirectoryName(aeronDir)
                .archiveId(id)
                .archiveDir(dir.resolve("archive").toFile())
                .controlChannel("aeron:udp?endpoint=" + members.member(id).archiveEndpoint())
                .localControlChannel(LOCAL_CONTROL)
                .replicationChannel("aeron:udp?endpoint=" + address + ":0")
                .archiveClientContext(new AeronArchive.Context()
                        .controlResponseChannel("aeron:udp?endpoint=" + address + ":0"))
                .recordingEventsEnabled(false)
                .segmentFileLength(SEGMENT_FILE_LENGTH)
                .threadingMode(ArchiveThreadingMode.SHARED)
                .errorHandler(e -> LOG.error("cluster member {} archive: {}", hostName, e.toString(), e));
    }

    /** This member's Raft role, the leadership term and its leader, for status. */
    public Leadership leadership() {
        return leadership;
    }

    /** Where this member's media driver lives: other clients on this host may use it. */
    public String aeronDirectory() {
        return driver.mediaDriver().aeronDirectoryName();
    }

    /** How many times this member's Raft role changed (a Prometheus counter). */
    public long roleChanges() {
        return leadership.roleChanges();
    }

    /** The lease service, for tests: its table is racy to read while this member runs. */
    LeaseService service() {
        return service;
    }

    /** Asks the consensus module for a snapshot (taken if this member leads); false if it is busy with another. */
    boolean requestSnapshot() {
        AtomicCounter toggle = ClusterControl.findControlToggle(
                driver.consensusModule().context().aeron().countersReader(), 0);
        return toggle != null && ClusterControl.ToggleState.SNAPSHOT.toggle(toggle);
    }

    @Override
    public void close() {
        CloseHelper.closeAll(container, driver, directory);
    }
}
