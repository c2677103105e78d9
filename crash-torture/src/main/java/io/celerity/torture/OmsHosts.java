package io.celerity.torture;

import io.celerity.internal.replication.QueueComparison;
import io.celerity.testhosts.Hosts;
import io.celerity.testhosts.HostProcess;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.core.io.IOTools;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The OMS's hosts as processes ({@code celerity run --host NAME}), each in its own network namespace where the machine
 * allows, replicators included; watched from outside through each host's queue files only.
 */
final class OmsHosts implements AutoCloseable {

    /** Liveness, not speed: how long a loaded machine may take to start a host's JVM and its media driver. */
    static final Duration START_LIMIT = Duration.ofMinutes(5);
    private static final Pattern RUNNING = Pattern.compile("celerity: running ");
    private static final Duration STOP_LIMIT = Duration.ofSeconds(60);
    /** How long a drained deployment must stay unchanged to count as drained. */
    static final Duration SETTLE = Duration.ofMillis(500);
    private static final Pattern STOPPED_WHY = Pattern.compile("must stop|took it over|diverged|moved aside");

    private final OmsHostsDeployment deployment;
    private final HostLauncher launcher;
    private final Map<String, HostProcess> processes = new LinkedHashMap<>();
    private final Set<Long> pids = new HashSet<>();
    private final List<Answered> answered = new ArrayList<>();
    private final List<ChronicleQueue[]> copies = new ArrayList<>(); // {source, replica} per copy
    private final Set<String> starting = new LinkedHashSet<>();
    private long[] settledEnds; // every source's end when drained() last found them all copied, or null
    private boolean watched; // what the drain check reads is open; false: opened again before the next check
    private long settledSinceNs;

    OmsHosts(Hosts hosts, OmsHostsDeployment deployment, List<String> jvmOptions) {
        this.deployment = deployment;
        this.launcher = new HostLauncher(hosts, jvmOptions, deployment::servicesYaml, deployment::home);
    }

    /** Starts every host at once, returns once each runs; then opens what the drain check reads. */
    void startAll() throws IOException, InterruptedException {
        for (String host : OmsHostsDeployment.HOSTS)
            launch(host);
        for (String host : OmsHostsDeployment.HOSTS)
            awaitRunning(host);
        openWatched();
    }

    // Opened again after each restart: a host may have moved its copy aside (a deposed primary's), so a new
    // directory stands under the same name. A host that moves it aside while it is opened here (it found its copy
    // diverged just after it started) makes the open fail: nothing is watched then, and the next check opens again.
    private void openWatched() {
        closeWatched();
        try {
            for (OmsHostsDeployment.Placement p : deployment.placements())
                answered.add(new Answered(deployment.queue(p.host(), p.input()),
                        deployment.queue(p.host(), p.output())));
            for (OmsHostsDeployment.Copy c : deployment.copies())
                copies.add(new ChronicleQueue[]{open(deployment.queue(c.source(), c.queue())),
                        open(deployment.queue(c.replica(), c.queue()))});
            watched = true;
        } catch (IllegalStateException e) { // Chronicle's, its cause the file gone from under the lock
            closeWatched();
        }
    }

    private void closeWatched() {
        Closeable.closeQuietly(answered);
        copies.forEach(c -> Closeable.closeQuietly(c[0], c[1]));
        answered.clear();
        copies.clear();
        watched = false;
    }

    /** SIGKILL of a host's process (its services and its replicators with it), then starts it again. */
    void killAndRestart(String host) throws IOException, InterruptedException {
        kill(host);
        launch(host);
        awaitRunning(host);
        openWatched();
    }

    /**
     * Upgrades a host as an operator would: stops its process (SIGTERM: its shutdown hook closes everything) and starts
     * it again with {@code classes}, another release of the application, before the build's ({@code null}: the build's
     * own again); returns once it runs.
     *
     * @return null once it runs; the line saying why, when it refused to start and exited
     */
    String upgrade(String host, Path classes) throws IOException, InterruptedException {
        HostProcess old = processes.get(host);
        if (old.isAlive())
            old.terminate(STOP_LIMIT);
        removeMediaDriver(host, old.pid());
        launcher.release(host, classes);
        launch(host);
        try {
            awaitRunning(host);
        } catch (AssertionError e) {
            if (processes.get(host).isAlive())
                throw e;
            List<String> log = processes.get(host).logText().lines().toList();
            for (int i = 0; i < log.size(); i++)
                if (log.get(i).contains("nothing was started")) // the refusal, and its first problem
                    return String.join(" ", log.subList(i, Math.min(i + 2, log.size())));
            return why(String.join("\n", log));
        }
        openWatched();
        return null;
    }

    /** SIGKILL of a host's process, which is not started again here. */
    void kill(String host) throws InterruptedException {
        HostProcess victim = processes.get(host);
        victim.kill9();
        removeMediaDriver(host, victim.pid());
    }

    /** The host's current process: the last one started. */
    HostProcess process(String host) {
        return processes.get(host);
    }

    /**
     * As a supervisor: starts again every host whose process has ended (by itself, or killed) without waiting for it
     * to run; returns for each how it ended: its exit status and the last line of its log.
     */
    List<String> restartEnded() throws IOException, InterruptedException {
        List<String> ended = new ArrayList<>();
        for (HostProcess p : List.copyOf(processes.values())) {
            if (p.isAlive())
                continue;
            removeMediaDriver(p.host(), p.pid());
            ended.add("host " + p.host() + " exited " + p.awaitExit(Duration.ZERO) + ": " + why(p.logText()));
            restart(p.host());
        }
        return ended;
    }

    /** Starts a host whose process has ended again, without waiting for it to run ({@link #awaitStarted()}). */
    void restart(String host) throws IOException {
        launch(host);
        starting.add(host);
    }

    /** Hosts started again by {@link #restartEnded()} that have not been seen running yet. */
    boolean starting() {
        return !starting.isEmpty();
    }

    /**
     * Waits until each host {@link #restartEnded()} started runs, then opens what the drain check reads again; one that
     * ends again first is left for the next {@link #restartEnded()}.
     */
    void awaitStarted() throws IOException, InterruptedException {
        if (starting.isEmpty()) {
            if (!watched)
                openWatched();
            return;
        }
        for (String host : List.copyOf(starting)) {
            try {
                awaitRunning(host);
                starting.remove(host);
            } catch (AssertionError e) {
                if (processes.get(host).isAlive())
                    throw e;
            }
        }
        if (starting.isEmpty())
            openWatched();
    }

    // The line saying why a host stopped by itself (deposed, or its copy moved aside), else its last line.
    private static String why(String log) {
        List<String> lines = log.strip().lines().toList();
        for (int i = lines.size() - 1; i >= 0; i--)
            if (STOPPED_WHY.matcher(lines.get(i)).find())
                return lines.get(i);
        return lines.isEmpty() ? "(empty log)" : lines.get(lines.size() - 1);
    }

    /** Null while every host runs; otherwise how the first that stopped by itself ended. */
    String unexpectedExit() {
        for (HostProcess p : processes.values())
            if (!p.isAlive())
                return "host " + p.host() + " exited by itself; see " + p.log();
        return null;
    }

    /**
     * True when every service has answered its last input, every replica holds all of its source, and no source has
     * grown for {@link #SETTLE}: a snapshot taken after the last input starts only once its answer is out.
     */
    boolean drained() {
        if (unexpectedExit() != null || !starting.isEmpty() || !watched || !answered.stream().allMatch(Answered::all)) {
            settledEnds = null;
            return false;
        }
        long[] ends = new long[copies.size()];
        for (int i = 0; i < ends.length; i++) {
            ends[i] = copies.get(i)[0].lastIndex();
            if (ends[i] != copies.get(i)[1].lastIndex()) {
                settledEnds = null;
                return false;
            }
        }
        long now = System.nanoTime();
        if (!Arrays.equals(ends, settledEnds)) {
            settledEnds = ends;
            settledSinceNs = now;
        }
        return now - settledSinceNs >= SETTLE.toNanos();
    }

    /** Each copy's progress: how many documents its source and its replica hold (in today's cycle). */
    String progress() {
        if (!watched)
            return "(the copies are opened again at the next check)";
        StringBuilder s = new StringBuilder();
        List<OmsHostsDeployment.Copy> list = deployment.copies();
        for (int i = 0; i < list.size(); i++)
            s.append(i == 0 ? "" : ", ").append(String.format("%s %s %,d -> %s %,d", list.get(i).queue(),
                    list.get(i).source(), documents(copies.get(i)[0]), list.get(i).replica(),
                    documents(copies.get(i)[1])));
        return s.toString();
    }

    private static long documents(ChronicleQueue queue) {
        long last = queue.lastIndex();
        return last < 0 ? 0 : queue.rollCycle().toSequenceNumber(last) + 1;
    }

    /** SIGTERM to every host; returns the hosts whose exit status was not 143 (a clean close). */
    List<String> stopAll() throws InterruptedException {
        processes.values().forEach(p -> ProcessHandle.of(p.pid()).ifPresent(ProcessHandle::destroy));
        List<String> unclean = new ArrayList<>();
        for (HostProcess p : processes.values()) {
            int status = p.awaitExit(STOP_LIMIT);
            if (status != 143)
                unclean.add("host " + p.host() + " exited " + status + "; see " + p.log());
        }
        return unclean;
    }

    /** Two {@link ThreadDumps} of each host still alive, next to its log; returns the line for the trial's report. */
    String threadDumps() throws InterruptedException {
        return ThreadDumps.take(processes.values());
    }

    /** Every copy compared with its source document by document, byte for byte: those that differ, and where. */
    List<String> diverged() {
        List<String> diverged = new ArrayList<>();
        for (OmsHostsDeployment.Copy c : deployment.copies()) {
            QueueComparison.Result r = QueueComparison.compare(deployment.queue(c.source(), c.queue()),
                    deployment.queue(c.replica(), c.queue()));
            if (!r.same())
                diverged.add(c + ": " + r);
        }
        return diverged;
    }

    /** How many (re)starts so far, of every host. */
    int starts() {
        return launcher.starts();
    }

    private void launch(String host) throws IOException {
        HostProcess process = launcher.launch(host);
        processes.put(host, process);
        pids.add(process.pid());
    }

    private void awaitRunning(String host) throws IOException, InterruptedException {
        processes.get(host).awaitLine(RUNNING, START_LIMIT);
    }

    private static ChronicleQueue open(Path queue) {
        return SingleChronicleQueueBuilder.binary(queue).readOnly(true).build();
    }

    // A host killed -9 leaves its embedded media driver's files (AeronReplicationFactory names them by host and pid).
    private static void removeMediaDriver(String host, long pid) {
        Path dir = Path.of("/dev/shm", "celerity-aeron-" + host + "-" + pid);
        if (Files.isDirectory(dir))
            IOTools.deleteDirWithFiles(dir.toFile());
    }

    /** Kills what still runs and removes every media driver's files these hosts left. */
    @Override
    public void close() {
        for (HostProcess p : processes.values()) {
            if (p.isAlive()) {
                try {
                    p.kill9();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        for (String host : OmsHostsDeployment.HOSTS)
            for (long pid : pids)
                removeMediaDriver(host, pid);
        closeWatched();
    }
}
