package io.celerity.benchmarks.hop;

import io.celerity.benchmarks.encryption.GeneratedKeys;
import io.celerity.config.QueueConfig;
import io.celerity.internal.encryption.QueueEncryption;
import io.celerity.benchmarks.harness.LatencyTask;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.config.Affinity;
import io.celerity.config.CelerityConfig;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.PauserType;
import io.celerity.config.ServiceConfig;
import io.celerity.host.ServiceHost;
import net.openhft.chronicle.queue.ChronicleQueue;

import java.util.List;
import java.util.Map;

/**
 * One Celerity service hop: the harness writes pings to {@code pings}; the echo service passes them to {@code echoes}
 * (with message history, restart point, counters: everything a real service gets); a sink service on the same
 * spinning loop reads them and samples the probes.
 */
public final class CelerityHop implements LatencyTask {
    private static final String LOOP = "hop";

    private final int handlerCpu;
    private final boolean monitoring;
    private final boolean encrypted;
    private BenchmarkData data;
    private ServiceHost host;
    private ChronicleQueue pings;
    private PingsOut sender;
    private final Ping ping = new Ping();
    private long sequence;

    /**
     * {@code monitoring}: with the Prometheus endpoint's per-hop histograms on, which costs a little per message;
     * {@code encrypted}: with every queue encrypted at rest (AES-GCM, a 256-bit key).
     */
    public CelerityHop(int handlerCpu, boolean monitoring, boolean encrypted) {
        this.handlerCpu = handlerCpu;
        this.monitoring = monitoring;
        this.encrypted = encrypted;
    }

    @Override
    public void start(Probes probes) throws Exception {
        data = new BenchmarkData("celerity-hop");
        String probesKey = data.registerSinkProbes(probes);
        CelerityConfig config = CelerityConfig.builder()
                .metricsPort(monitoring ? 0 : -1)
                .keys(GeneratedKeys.config())
                .queue(queue("pings"))
                .queue(queue("echoes"))
                .queue(queue("sunk"))
                .eventLoop(new EventLoopConfig(LOOP, PauserType.BUSY, handlerCpu < 0 ? Affinity.NONE : Affinity.cpu(handlerCpu)))
                .service(ServiceConfig.of("echo", PingEcho.class, List.of("pings"), "echoes").withEventLoop(LOOP))
                .service(ServiceConfig.of("sink", PingSink.class, List.of("echoes"), "sunk").withEventLoop(LOOP)
                        .withSettings(Map.of("probes", probesKey)))
                .build();
        host = ServiceHost.start(config);
        pings = new QueueEncryption(config).open(config.queues().get("pings"), false);
        sender = new PingsOut(pings, "benchmark sender");
    }

    private QueueConfig queue(String name) {
        QueueConfig q = QueueConfig.of(name, data.dir().resolve(name));
        return encrypted ? q.withEncryptionKey("hop") : q;
    }

    @Override
    public void send(long startNanos) {
        sender.writer().ping(ping.next(startNanos, sequence++));
    }

    @Override
    public void idle() {
        sender.touchAhead();
    }

    @Override
    public List<Thread> handlerThreads() {
        return List.of(host.loopThread(LOOP));
    }

    @Override
    public void close() {
        if (host != null)
            host.close();
        if (sender != null)
            sender.close();
        if (pings != null)
            pings.close();
        if (data != null)
            data.close();
    }
}
