package io.celerity.torture;

import io.celerity.internal.fix.GatewayAeronDirectory;
import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import io.celerity.testhosts.JavaCommand;
import net.openhft.chronicle.core.io.IOTools;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One run of the OMS behind a highly available FIX gateway (primary a, standby b, the services on c, a QuickFIX/J
 * client on x): the client sends its requests at a steady rate, at most one fault lands on the gateway's primary
 * (kill -9 and started again as a supervisor would, SIGSTOP then SIGCONT, or its link cut then restored), any host
 * that stops by itself (a deposed primary) is started again, and the run ends once the client holds an answer to
 * every request. What the client received is then read back: each answer once by ExecID, the answers sent again
 * (PossResend) and any sent twice as new, the logons, and how long the session was away.
 */
final class FixHaTrial {

    // Liveness, not speed: each catches a stuck deployment on a machine far busier than its 2 cores.
    private static final Duration START_LIMIT = Duration.ofMinutes(5);
    private static final Duration END_LIMIT = Duration.ofSeconds(15);
    private static final int START_ATTEMPTS = 3; // a host that fails to start is started again, as a supervisor would
    private static final long DONE_LIMIT_MILLIS = 600_000;
    private static final Pattern RUNNING = Pattern.compile("celerity: running ");
    private static final Pattern ACCEPTS = Pattern.compile("fix gateway '" + FixHaDeployment.GATEWAY
            + "' accepts connections");
    private static final String TAKES_OVER = "fix gateway '" + FixHaDeployment.GATEWAY + "' holds its lease: taking";
    private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    private final Hosts hosts;
    private final FixHaDeployment deployment;
    private final HostLauncher launcher;
    private final Path dir;
    private final Map<String, HostProcess> processes = new LinkedHashMap<>();
    private final List<String> selfStops = new ArrayList<>();
    private HostProcess client;

    private FixHaTrial(Path dir, Hosts hosts, FixHaDeployment deployment, List<String> jvmOptions) {
        this.dir = dir;
        this.hosts = hosts;
        this.deployment = deployment;
        this.launcher = new HostLauncher(hosts, jvmOptions, deployment::servicesYaml, deployment::home);
    }

    /**
     * @param hosts a, b, c and x, namespaces where possible; their processes end with the trial
     * @param fault what hits the gateway's primary, its {@code afterMillis} counted from the client's first logon; null for
     *              none (the reference run)
     */
    static Result run(Path dir, Hosts hosts, int requests, int perSecond, List<String> jvmOptions, HaFault fault,
                      Consumer<String> progress) throws IOException, InterruptedException {
        return run(dir, hosts, requests, perSecond, jvmOptions, fault, 1, progress);
    }

    /** As above, the gateway sending a report once {@code replicasBeforeSend} replicas hold its journal record. */
    static Result run(Path dir, Hosts hosts, int requests, int perSecond, List<String> jvmOptions, HaFault fault,
                      int replicasBeforeSend, Consumer<String> progress) throws IOException, InterruptedException {
        FixHaTrial trial = new FixHaTrial(dir, hosts, FixHaDeployment.create(dir, hosts, replicasBeforeSend),
                jvmOptions);
        try {
            return trial.run(requests, perSecond, fault, progress);
        } catch (AssertionError e) { // stuck: what the processes still alive are doing, before endAll ends them
            throw new DidNotEnd(e, ThreadDumps.take(trial.processesAndClient()));
        } finally {
            trial.endAll();
        }
    }

    private Result run(int requests, int perSecond, HaFault fault, Consumer<String> progress)
            throws IOException, InterruptedException {
        for (String host : FixHaDeployment.HOSTS)
            launch(host);
        for (String host : FixHaDeployment.HOSTS)
            awaitRunning(host);
        processes.get(FixHaDeployment.PRIMARY).awaitLine(ACCEPTS, START_LIMIT);
        Path answers = dir.resolve("client").resolve("answers.txt");
        Files.createDirectories(answers.getParent());
        List<String> client = JavaCommand.of(FixHaClient.class.getName(),
                "--primary", hosts.host(FixHaDeployment.PRIMARY).address(),
                "--standby", hosts.host(FixHaDeployment.STANDBY).address(), "--port", "" + FixHaDeployment.PORT,
                "--standby-port", "" + deployment.standbyPort(), "--requests", "" + requests, "--rate",
                "" + perSecond, "--out", answers.toString(), "--store", dir.resolve("client").resolve("store").toString());
        HostProcess clientProcess = hosts.host(FixHaDeployment.CLIENT_HOST).exec(client, Map.of(),
                dir.resolve("client").resolve("client.log"));
        this.client = clientProcess;
        long faultMillis = 0;
        if (fault != null) {
            awaitFirstLogon(answers, clientProcess);
            Thread.sleep(fault.afterMillis());
            faultMillis = System.currentTimeMillis();
            progress.accept(fault.kind().label() + " of the gateway's primary " + FixHaDeployment.PRIMARY);
            hit(fault);
        }
        long deadline = System.currentTimeMillis() + DONE_LIMIT_MILLIS;
        while (clientProcess.isAlive()) {
            if (System.currentTimeMillis() > deadline)
                throw new AssertionError("the client had no answer to every request within " + DONE_LIMIT_MILLIS
                        + " ms; see " + dir);
            restartEnded();
            Thread.sleep(50);
        }
        int status = clientProcess.awaitExit(Duration.ZERO);
        if (status != 0)
            throw new AssertionError("the client exited with status " + status + "; see " + clientProcess.log());
        ClientAnswers received = ClientAnswers.read(answers);
        long takeover = fault == null ? -1 : firstTakeoverMillis(FixHaDeployment.STANDBY) - faultMillis;
        return new Result(received, ordersOnQueue(), fault == null ? -1 : takeover,
                fault == null ? -1 : received.firstLogonAfter(faultMillis) - faultMillis,
                fault == null ? -1 : received.firstMessageAfterLogonAfter(faultMillis) - faultMillis,
                List.copyOf(selfStops));
    }

    // A fault is counted from the session's first logon: before it, the client's JVM may still be starting.
    private static void awaitFirstLogon(Path answers, HostProcess client) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + START_LIMIT.toMillis();
        while (!Files.exists(answers) || !Files.readString(answers).contains("LOGON ")) {
            if (!client.isAlive() || System.currentTimeMillis() > deadline)
                throw new AssertionError("the client never logged on; see " + client.log());
            Thread.sleep(10);
        }
    }

    private void hit(HaFault fault) throws IOException, InterruptedException {
        String host = FixHaDeployment.PRIMARY;
        switch (fault.kind()) {
            case KILL -> {
                processes.get(host).kill9();
                launch(host); // a supervisor starts it again at once: it rejoins as the standby
            }
            case STOP -> {
                processes.get(host).stop();
                Thread.sleep(fault.downMillis());
                processes.get(host).cont();
            }
            case CUT -> {
                hosts.host(host).linkDown();
                Thread.sleep(fault.downMillis());
                hosts.host(host).linkUp();
            }
        }
    }

    // As a supervisor: a host that ended by itself (a deposed primary) is started again; it rejoins as the standby.
    private void restartEnded() throws IOException, InterruptedException {
        for (Map.Entry<String, HostProcess> e : List.copyOf(processes.entrySet())) {
            if (e.getValue().isAlive())
                continue;
            selfStops.add("host " + e.getKey() + " exited " + e.getValue().awaitExit(Duration.ZERO));
            launch(e.getKey());
        }
    }

    /**
     * Waits for a host to run; one that fails to start is started again, as a supervisor would, and counted. Seen
     * under the build's load: an Aeron client of the cluster member not serviced for 49 s, fatal to its start.
     */
    private void awaitRunning(String host) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                processes.get(host).awaitLine(RUNNING, START_LIMIT);
                return;
            } catch (AssertionError e) {
                if (attempt == START_ATTEMPTS || processes.get(host).isAlive())
                    throw e;
                selfStops.add("host " + host + " failed to start (exit "
                        + processes.get(host).awaitExit(Duration.ZERO) + ")");
                launch(host);
            }
        }
    }

    private void launch(String host) throws IOException {
        processes.put(host, launcher.launch(host));
    }

    /** When the standby's gateway first took its sessions over, by its log; fails if it never did. */
    private long firstTakeoverMillis(String host) throws IOException {
        try (Stream<Path> logs = Files.list(deployment.home(host).resolve("logs"))) {
            for (Path log : logs.sorted().toList())
                for (String line : Files.readAllLines(log))
                    if (line.contains(TAKES_OVER))
                        return OffsetDateTime.parse(line.substring(0, line.indexOf(' ')), LOG_TIME).toInstant()
                                .toEpochMilli();
        }
        throw new AssertionError("host " + host + " never took the gateway over; see " + deployment.home(host));
    }

    /** Documents on c's copy of the orders queue: each request once, whichever gateway host wrote it. */
    private long ordersOnQueue() {
        long n = 0;
        try (ChronicleQueue q = SingleChronicleQueueBuilder.binary(deployment.home("c").resolve("orders"))
                .readOnly(true).build(); ExcerptTailer tailer = q.createTailer()) {
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent())
                        return n;
                    n++;
                }
            }
        }
    }

    // Each host's current process, and the client's once started.
    private List<HostProcess> processesAndClient() {
        List<HostProcess> all = new ArrayList<>(processes.values());
        if (client != null)
            all.add(client);
        return all;
    }

    // Terminated, not killed: a killed gateway leaves its Aeron directory in /dev/shm (tens of MB), trial after trial.
    // One that did not end in time was killed: its directory goes too, once every process is gone.
    private void endAll() {
        List<HostProcess> all = processesAndClient();
        for (HostProcess p : all) {
            if (p.isAlive()) {
                try {
                    try {
                        p.terminate(END_LIMIT);
                    } catch (IOException cannotSignal) {
                        p.kill9();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        if (all.stream().noneMatch(HostProcess::isAlive))
            for (String host : FixHaDeployment.HOSTS)
                IOTools.deleteDirWithFiles(GatewayAeronDirectory.of(deployment.stateDir(host)).toFile());
    }

    /** A trial that did not end (its message says why), with {@link ThreadDumps}' line for its report. */
    static final class DidNotEnd extends AssertionError {
        private final String threadDumps;

        DidNotEnd(AssertionError why, String threadDumps) {
            super(why.getMessage(), why);
            this.threadDumps = threadDumps;
        }

        String threadDumps() {
            return threadDumps;
        }
    }

    /**
     * A trial's outcome.
     *
     * @param takeoverMillis     from the fault to the standby's gateway taking the sessions over (its log); -1: no fault
     * @param logonMillis        from the fault to the client's next logon, its reconnect interval included
     * @param firstMessageMillis from the fault to the first application message after that logon
     * @param selfStops          hosts that ended by themselves (a deposed primary) and were started again
     */
    record Result(ClientAnswers answers, long ordersOnQueue, long takeoverMillis, long logonMillis,
                  long firstMessageMillis, List<String> selfStops) {
    }

    /** What the client wrote: its logons, and each answer once by ExecID, with what came again. */
    static final class ClientAnswers {

        private static final Pattern MSG = Pattern.compile("MSG (\\d+) (\\d+) (true|false) (true|false) (\\S+) (.*)");
        private static final Pattern ROUNDTRIP = Pattern.compile("ROUNDTRIP (\\d+) (\\d+) (\\d+)");
        long[] roundTripMicros = {-1, -1, -1}; // p50, p99, max: a request to its first answer
        private final List<Long> logons = new ArrayList<>();
        private final List<long[]> messages = new ArrayList<>(); // {time, seqNum}
        private final Map<String, String> byExecId = new LinkedHashMap<>();
        final Map<String, Integer> contents = new LinkedHashMap<>();
        long resent;          // answers that came again with PossResend=Y or PossDupFlag=Y
        long duplicatedAsNew; // answers that came again as new: sent twice
        long differing;       // an ExecID that came again with other content

        static ClientAnswers read(Path file) throws IOException {
            ClientAnswers a = new ClientAnswers();
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith("LOGON "))
                    a.logons.add(Long.parseLong(line.substring(6)));
                Matcher rt = ROUNDTRIP.matcher(line);
                if (rt.matches())
                    a.roundTripMicros = new long[]{Long.parseLong(rt.group(1)), Long.parseLong(rt.group(2)),
                            Long.parseLong(rt.group(3))};
                Matcher m = MSG.matcher(line);
                if (m.matches())
                    a.answer(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), m.group(3).equals("true")
                            || m.group(4).equals("true"), m.group(5), m.group(6));
            }
            return a;
        }

        private void answer(long time, long seqNum, boolean again, String execId, String content) {
            messages.add(new long[]{time, seqNum});
            String first = byExecId.putIfAbsent(execId, content);
            if (first == null) {
                contents.merge(content, 1, Integer::sum);
                return;
            }
            if (!first.equals(content))
                differing++;
            else if (again)
                resent++;
            else
                duplicatedAsNew++;
        }

        long answers() {
            return byExecId.size();
        }

        int logons() {
            return logons.size();
        }

        long firstLogonAfter(long millis) {
            return logons.stream().filter(t -> t >= millis).findFirst().orElse(-1L);
        }

        long firstMessageAfterLogonAfter(long millis) {
            long logon = firstLogonAfter(millis);
            return logon < 0 ? -1 : messages.stream().filter(m -> m[0] >= logon).mapToLong(m -> m[0]).findFirst()
                    .orElse(-1L);
        }

        /** Answers of the reference missing here, and here but not in the reference (content, not ExecID). */
        long[] compare(ClientAnswers reference) {
            long lost = 0;
            long unexpected = 0;
            for (Map.Entry<String, Integer> e : reference.contents.entrySet())
                lost += Math.max(0, e.getValue() - contents.getOrDefault(e.getKey(), 0));
            for (Map.Entry<String, Integer> e : contents.entrySet())
                unexpected += Math.max(0, e.getValue() - reference.contents.getOrDefault(e.getKey(), 0));
            return new long[]{lost, unexpected};
        }
    }
}
