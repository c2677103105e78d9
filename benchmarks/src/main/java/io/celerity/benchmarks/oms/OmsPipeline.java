package io.celerity.benchmarks.oms;

import io.celerity.benchmarks.harness.LatencyTask;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.harness.StartTimes;
import io.celerity.benchmarks.hop.BenchmarkData;
import io.celerity.config.Affinity;
import io.celerity.config.CelerityConfig;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.examples.demo.DemoFiles;
import io.celerity.examples.oms.OrderEntry;
import io.celerity.examples.oms.demo.OrderFlow;
import io.celerity.host.ServiceHost;
import io.celerity.internal.chronicle.GeneratedCode;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The order management system of the main demo, as deployed by {@code oms/services.yaml} (gateway, risk check and
 * order manager on one spinning loop), fed the demo client's request mix, with a sink service on the same loop
 * timing each answer. Request n is the n-th message of a fresh {@code orders} queue.
 */
public final class OmsPipeline implements LatencyTask {
    private static final String LOOP = "pipeline";

    private final int handlerCpu;
    private final long expectedRequests;
    private BenchmarkData data;
    private ServiceHost host;
    private ChronicleQueue orders;
    private ExcerptAppender appender;
    private OrderFlow client;
    private StartTimes startTimes;
    private long request;
    private long epochNanosAtStart;
    private long nanoTimeAtStart;

    /** {@code expectedRequests} sizes the order manager's live-order index so it never grows mid-run. */
    public OmsPipeline(int handlerCpu, long expectedRequests) {
        this.handlerCpu = handlerCpu;
        this.expectedRequests = expectedRequests;
    }

    @Override
    public void start(Probes probes) throws Exception {
        data = new BenchmarkData("oms");
        String probesKey = data.registerSinkProbes(probes);
        startTimes = probes.startTimes();
        host = ServiceHost.start(withSink(CelerityConfig.parse("oms/services.yaml",
                DemoFiles.resource("oms/services.yaml"), data.dir()), probesKey));
        orders = SingleChronicleQueueBuilder.binary(data.dir().resolve("orders"))
                .rollCycle(ReportSink.ORDERS_ROLL_CYCLE).build();
        appender = orders.createAppender();
        OrderEntry writer = orders.methodWriterBuilder(OrderEntry.class).marshallableOutSupplier(() -> appender).build();
        GeneratedCode.requireGeneratedWriter(writer, "benchmark client");
        client = new OrderFlow(writer);
        epochNanosAtStart = System.currentTimeMillis() * 1_000_000L;
        nanoTimeAtStart = System.nanoTime();
    }

    /** The deployment as configured, plus the sink, with the loop pinned if asked and the index sized for the run. */
    private CelerityConfig withSink(CelerityConfig oms, String probesKey) {
        CelerityConfig.Builder b = CelerityConfig.builder().hostId(oms.hostId());
        oms.queues().values().forEach(b::queue);
        for (EventLoopConfig loop : oms.eventLoops().values())
            b.eventLoop(loop.name().equals(LOOP) && handlerCpu >= 0
                    ? new EventLoopConfig(LOOP, loop.pauser(), Affinity.cpu(handlerCpu)) : loop);
        for (ServiceConfig service : oms.services().values()) {
            if (service.name().equals("order-manager")) {
                Map<String, Object> settings = new HashMap<>(service.settings());
                settings.put("capacity", (int) Math.min(Integer.MAX_VALUE / 2, expectedRequests));
                service = service.withSettings(settings);
            }
            b.service(service);
        }
        b.queue(QueueConfig.of("answered", data.dir().resolve("answered")));
        b.service(ServiceConfig.of("client-sink", ReportSink.class, List.of("reports"), "answered")
                .withEventLoop(LOOP).withSettings(Map.of("probes", probesKey)));
        return b.build();
    }

    @Override
    public void send(long startNanos) {
        startTimes.put(request, startNanos);
        client.send(request, epochNanosAtStart + (startNanos - nanoTimeAtStart));
        if (ReportSink.ORDERS_ROLL_CYCLE.toSequenceNumber(appender.lastIndexAppended()) != request)
            throw new IllegalStateException("request " + request + " is not message " + request + " of the orders "
                    + "queue (did the cycle roll at midnight UTC?)");
        request++;
    }

    @Override
    public List<Thread> handlerThreads() {
        return List.of(host.loopThread(LOOP));
    }

    @Override
    public void close() {
        if (host != null)
            host.close();
        if (appender != null)
            appender.close();
        if (orders != null)
            orders.close();
        if (data != null)
            data.close();
    }
}
