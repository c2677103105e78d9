package io.celerity.benchmarks.fix;

import io.celerity.benchmarks.harness.LatencyTask;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.harness.StartTimes;
import io.celerity.benchmarks.hop.BenchmarkData;
import io.celerity.config.CelerityConfig;
import io.celerity.examples.demo.DemoFiles;
import io.celerity.host.ServiceHost;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.List;

/**
 * The OMS behind its FIX gateway, as {@code oms/fix/services.yaml} deploys it, except that the gateway shares the
 * pipeline's spinning loop (this machine has two cores: the client spins on the other), unless {@code ownLoop}: then
 * the gateway's loop is the one measured for allocation. Orders come in by FIX from {@link FixOrderClient}; each
 * ExecutionReport read off its socket is one sample, wire to wire.
 */
final class CelerityFixFlow implements LatencyTask {

    static final String LOOP = "pipeline";
    static final String GATEWAY_LOOP = "fix";

    private final boolean ownLoop;
    private BenchmarkData data;
    private ServiceHost host;
    private FixOrderClient client;
    private StartTimes startTimes;
    private long request = 1; // ClOrdID 0 would read as none

    CelerityFixFlow(boolean ownLoop) {
        this.ownLoop = ownLoop;
    }

    @Override
    public void start(Probes probes) throws Exception {
        data = new BenchmarkData("oms-fix");
        int port = freePort();
        String yaml = DemoFiles.resource("oms/fix/services.yaml").replace("port: 9880", "port: " + port)
                .replace("eventLoop: fix", "eventLoop: " + (ownLoop ? GATEWAY_LOOP : LOOP));
        host = ServiceHost.start(CelerityConfig.parse("oms/fix/services.yaml", yaml, data.dir()));
        startTimes = probes.startTimes();
        client = new FixOrderClient(port, "CLIENT1", "CELERITY");
        client.logOn(startTimes, probes.endToEnd());
    }

    @Override
    public void send(long startNanos) {
        startTimes.put(request, startNanos);
        try {
            client.sendOrder(request++);
            client.poll();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void idle() {
        try {
            client.poll();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public List<Thread> handlerThreads() {
        return List.of(host.loopThread(ownLoop ? GATEWAY_LOOP : LOOP));
    }

    @Override
    public void close() throws Exception {
        if (client != null)
            client.close();
        if (host != null)
            host.close();
        if (data != null)
            data.close();
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
