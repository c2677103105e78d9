package io.celerity.testing;

import io.celerity.config.Affinity;
import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.internal.encryption.PersonalEvents;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.PauserType;
import io.celerity.config.ServiceConfig;
import io.celerity.config.SnapshotConfig;
import io.celerity.host.HostOptions;
import io.celerity.host.OpenQueues;
import io.celerity.host.ServiceHost;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.core.time.SystemTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.Wire;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a test through the real runtime: one temporary queue per input interface, the component deployed by a
 * {@link ServiceHost}, and the output read back from the output queue. One input at a time, so the result is
 * deterministic. With {@code crashAfterEachInput}, the host is abandoned without a clean close after every input
 * and a new one started on the same queues. A component that takes snapshots takes one after every input (in the
 * same pass of the loop, so before the crash).
 */
final class QueueRun implements AutoCloseable {

    private static final long INPUT_TIMEOUT_NANOS = 10_000_000_000L;
    private static final long WAIT_NANOS = 20_000;

    private final TestSubject subject;
    private final String service; // the same name as in DIRECT mode, so serviceName() agrees
    private final boolean crashAfterEachInput;
    private final boolean encrypted;
    private final CelerityConfig config;
    private final TestClock clock = new TestClock();
    private final UniqueTimestamps timestamps = UniqueTimestamps.inMemory(0, clock.provider()); // outlives crashes
    private final ActualOutput out;
    private final Queue<Throwable> thrown = new ConcurrentLinkedQueue<>();
    private final Map<String, Integer> inputOfMethod = new HashMap<>();
    private final OpenQueues queues; // opened once: each host started on them borrows them
    private final Wire[] yamlIn;
    private final MethodReader[] toQueue;
    private final MethodReader fromOutput;
    private final int[] unansweredSinceOutput; // per input: inputs a restart replays (no output yet after them)
    private final List<ServiceHost> crashed = new ArrayList<>();
    private ServiceHost host;
    private long expectedProcessed;
    private long documentsReadFromHost;

    private static final String SUBJECTS = "subject-keys";

    private QueueRun(TestSubject subject, Path dir, boolean crashAfterEachInput) {
        this.subject = subject;
        this.service = subject.name();
        this.crashAfterEachInput = crashAfterEachInput;
        this.out = new ActualOutput(subject.type().outputInterfaces());
        List<Class<?>> inputs = subject.type().inputInterfaces();
        // Messages with personal data need encrypted queues, and a queue of their subjects' keys, as in production.
        this.encrypted = subject.encrypted() || PersonalEvents.anyIn(subject.type().inputInterfaces())
                || PersonalEvents.anyIn(subject.type().outputInterfaces());
        CelerityConfig.Builder b = CelerityConfig.builder();
        if (encrypted)
            b.keys(RunKeys.CONFIG.withSubjects(SUBJECTS)).queue(queue(SUBJECTS, dir));
        List<String> inputNames = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            String name = "in-" + i + "-" + inputs.get(i).getSimpleName();
            inputNames.add(name);
            b.queue(queue(name, dir));
        }
        b.queue(queue("out", dir));
        b.eventLoop(new EventLoopConfig("test", PauserType.YIELDING, Affinity.NONE));
        ServiceConfig deployed = ServiceConfig.of(service, subject.type().implClass(), inputNames, "out")
                .withEventLoop("test").withSettings(subject.settings()).withRebuild(subject.rebuild());
        if (subject.snapshotMethod() != null) {
            b.queue(queue("snapshots", dir));
            deployed = deployed.withSnapshot(new SnapshotConfig("snapshots", subject.snapshotMethod(), 1, null));
        }
        b.service(deployed);
        config = b.build(); // before any queue is open, so a refused deployment leaves nothing open
        queues = OpenQueues.open(config, SystemTimeProvider.CLOCK);
        try {
            yamlIn = new Wire[inputs.size()];
            toQueue = new MethodReader[inputs.size()];
            unansweredSinceOutput = new int[inputs.size()];
            fromOutput = connect(inputs, inputNames);
        } catch (RuntimeException | Error e) {
            queues.close();
            throw e;
        }
    }

    private MethodReader connect(List<Class<?>> inputs, List<String> inputNames) {
        for (int i = 0; i < inputs.size(); i++) {
            ChronicleQueue q = queues.get(inputNames.get(i));
            yamlIn[i] = YamlInput.wire();
            toQueue[i] = toQueue(yamlIn[i], q, inputs.get(i));
            for (Method m : inputs.get(i).getMethods())
                inputOfMethod.putIfAbsent(m.getName(), i);
        }
        ExcerptTailer tailer = queues.get("out").createTailer();
        return out.writer() == null ? tailer.methodReader() : fromOutput(tailer, out.writer());
    }

    private QueueConfig queue(String name, Path dir) {
        QueueConfig q = QueueConfig.of(name, dir.resolve(name));
        return encrypted ? q.withEncryptionKey(RunKeys.KEY) : q;
    }

    /** @param dir an empty directory for the queues, which the caller deletes */
    static ActualOutput run(TestSubject subject, Path dir, List<YamlEvent> setup, List<YamlEvent> events,
                            boolean crashAfterEachInput) {
        try (QueueRun run = new QueueRun(subject, dir, crashAfterEachInput)) {
            return run.execute(setup, events);
        }
    }

    private ActualOutput execute(List<YamlEvent> setup, List<YamlEvent> events) {
        host = startHost();
        Script.play(setup, clock, out, this::step);
        out.discard();
        Script.play(events, clock, out, this::step);
        return out;
    }

    private ServiceHost startHost() {
        return ServiceHost.start(config, HostOptions.defaults().withClock(clock.provider()).withQueues(queues)
                .withTimestamps(hostId -> timestamps)
                .withErrorListener((service, input, index, error) -> thrown.add(error)));
    }

    private void step(YamlEvent e) {
        Integer input = inputOfMethod.get(e.method());
        if (input == null)
            throw new IllegalArgumentException("unknown event '" + e.method() + "' for "
                    + subject.type().implClass().getName() + "; expected a method of " + subject.type().inputInterfaces());
        yamlIn[input].clear();
        yamlIn[input].bytes().append(e.yaml());
        toQueue[input].readOne();
        expectedProcessed++;
        awaitProcessed(e);

        int documents = readOutputDocuments(e);
        out.collect();
        for (Throwable t; (t = thrown.poll()) != null; )
            out.exception(t);
        unansweredSinceOutput[input] = documents > 0 ? 0 : unansweredSinceOutput[input] + 1;

        if (crashAfterEachInput) {
            host.crash();
            crashed.add(host);
            host = startHost();
            documentsReadFromHost = 0;
            expectedProcessed = 0;
            for (int n : unansweredSinceOutput)
                expectedProcessed += n; // the new host replays these first
        }
    }

    /** Reads every document the host has committed; waits for any its tailer does not see yet. */
    private int readOutputDocuments(YamlEvent e) {
        long deadline = System.nanoTime() + INPUT_TIMEOUT_NANOS;
        int documents = 0;
        while (documentsReadFromHost < host.stats(service).outputs()) {
            if (fromOutput.readOne()) {
                documents++;
                documentsReadFromHost++;
            } else if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the output of '" + e.method() + "' did not appear within 10 s");
            } else {
                waitBriefly();
            }
        }
        return documents;
    }

    private void awaitProcessed(YamlEvent e) {
        long deadline = System.nanoTime() + INPUT_TIMEOUT_NANOS;
        while (host.stats(service).inputs() < expectedProcessed) {
            if (System.nanoTime() > deadline)
                throw new IllegalStateException("the service did not process '" + e.method() + "' within 10 s");
            waitBriefly();
        }
    }

    // Where cores are few, spinning took the CPU the host's loop needs (2-3 ms per event on 2), and a yield may hand it
    // to a JIT compiler thread for a whole time slice (0.7 ms per event); parked, 0.13 ms.
    private static void waitBriefly() {
        LockSupport.parkNanos(WAIT_NANOS);
    }

    @Override
    public void close() {
        try {
            if (host != null)
                host.close();
            crashed.forEach(ServiceHost::close);
        } finally {
            queues.close();
        }
    }

    /** Reads YAML events of {@code input} and writes them to {@code queue} ({@link HarnessCode} builds it too). */
    static MethodReader toQueue(Wire yaml, ChronicleQueue queue, Class<?> input) {
        return yaml.methodReader(queue.methodWriter(input));
    }

    /** Reads the output queue into the YAML writer of the expected output ({@link HarnessCode} builds it too). */
    static MethodReader fromOutput(ExcerptTailer tailer, Object yamlWriter) {
        return tailer.methodReader(yamlWriter);
    }
}
