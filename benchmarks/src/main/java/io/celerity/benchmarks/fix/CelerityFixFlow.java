package io.celerity.benchmarks.fix;

import io.celerity.benchmarks.hop.BenchmarkData;
import io.celerity.config.CelerityConfig;
import io.celerity.examples.demo.DemoFiles;
import io.celerity.host.ServiceHost;

import java.util.List;

/**
 * The OMS behind its FIX gateway, as {@code oms/fix/services.yaml} deploys it, except that the gateway shares the
 * pipeline's spinning loop (this machine has two cores: the client spins on the other), unless {@code ownLoop}: then
 * the gateway's loop is the one measured for allocation. Each ExecutionReport read off the client's socket is one
 * sample, wire to wire.
 */
final class CelerityFixFlow extends FixFlow {

    static final String LOOP = "pipeline";
    static final String GATEWAY_LOOP = "fix";

    private final boolean ownLoop;
    private BenchmarkData data;
    private ServiceHost host;

    CelerityFixFlow(boolean ownLoop) {
        this.ownLoop = ownLoop;
    }

    @Override
    int startAcceptor() throws Exception {
        data = new BenchmarkData("oms-fix");
        int port = freePort();
        String yaml = DemoFiles.resource("oms/fix/services.yaml").replace("port: 9880", "port: " + port)
                .replace("eventLoop: fix", "eventLoop: " + (ownLoop ? GATEWAY_LOOP : LOOP));
        host = ServiceHost.start(CelerityConfig.parse("oms/fix/services.yaml", yaml, data.dir()));
        return port;
    }

    @Override
    public List<Thread> handlerThreads() {
        return List.of(host.loopThread(ownLoop ? GATEWAY_LOOP : LOOP));
    }

    @Override
    void closeAcceptor() {
        if (host != null)
            host.close();
        if (data != null)
            data.close();
    }
}
