package io.celerity.internal.replication;

import io.celerity.fixtures.TickEcho;
import io.celerity.testhosts.Host;
import io.celerity.testhosts.HostProcess;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;

/** Hosts of a deployment run as processes ({@link HostMain}), and what the tests read of their queues' files. */
public final class HostRuns {

    /** How long a loaded machine may take to start a JVM or catch up: liveness, not speed. */
    public static final Duration LIVENESS = Duration.ofMinutes(3);

    private HostRuns() {
    }

    /** Starts {@code host}'s part of the services.yaml in {@code home}; returns once it runs. */
    public static HostProcess start(Host host, Path home) throws Exception {
        HostProcess process = host.startJava(home.resolve("host-" + System.nanoTime() + ".log"), HostMain.class,
                home.resolve("services.yaml").toString(), host.name());
        process.awaitLine(Pattern.compile("host " + host.name() + " running"), LIVENESS);
        return process;
    }

    public static void awaitDocuments(Path queue, long n) throws InterruptedException {
        long deadline = System.nanoTime() + LIVENESS.toNanos();
        long seen = 0;
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(queue) && (seen = documents(queue)) >= n)
                return;
            Thread.sleep(200);
        }
        throw new AssertionError(queue + " holds " + seen + " documents after " + LIVENESS + "; expected " + n);
    }

    public static long documents(Path queue) {
        try (ChronicleQueue q = SingleChronicleQueueBuilder.binary(queue).readOnly(true).build();
             ExcerptTailer tailer = q.createTailer()) {
            long n = 0;
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent())
                        return n;
                    n++;
                }
            }
        }
    }

    /**
     * A deployment whose host b writes {@code ticks} at a pace (an agent), copied to host a, and answers each into
     * {@code out}, kept on b.
     *
     * @param hosts the lines declaring hosts a and b, each ending with a line break
     */
    static String pacedEchoOnB(String hosts, int ticks, int perSecond) {
        return "hosts:\n" + hosts
                + "queues:\n"
                + "  ticks: { path: q/ticks, host: b, replicas: [ a ] }\n"
                + "  out: { path: q/out, host: b }\n"
                + "services:\n  echo:\n    implClass: " + TickEcho.class.getName()
                + "\n    inputs: [ ticks ]\n    output: out\n"
                + "agents:\n  source:\n    implClass: " + PacedTickSource.class.getName()
                + "\n    output: ticks\n    settings: { count: " + ticks + ", perSecond: " + perSecond + " }\n";
    }

    /** The end of a host's log, for a failure message. */
    public static String tail(HostProcess p) {
        String log = p.logText();
        return log.substring(Math.max(0, log.length() - 4000));
    }
}
