package io.celerity.fixtest;

import io.celerity.config.CelerityConfig;
import io.celerity.host.ServiceHost;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;

/** The desk and its FIX gateway in a process of their own, for the tests that kill it: {@code DeskHost services.yaml}. */
public final class DeskHost {

    public static final String STARTED = "desk host started";

    private DeskHost() {
    }

    public static void main(String[] args) throws InterruptedException {
        ServiceHost host = ServiceHost.start(CelerityConfig.load(Path.of(args[0])));
        Runtime.getRuntime().addShutdownHook(new Thread(host::close));
        LoggerFactory.getLogger(DeskHost.class).info(STARTED); // the tests wait for this line in its log
        Thread.currentThread().join();
    }
}
