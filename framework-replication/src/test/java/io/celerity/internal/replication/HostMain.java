package io.celerity.internal.replication;

import io.celerity.config.CelerityConfig;
import io.celerity.host.ServiceHost;

import java.nio.file.Path;

/** One host of a deployment, as its own process: {@code HostMain services.yaml host}. */
public final class HostMain {

    private HostMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        CelerityConfig config = CelerityConfig.load(Path.of(args[0])).onHost(args[1]);
        ServiceHost host = ServiceHost.start(config).closeOnShutdown();
        System.out.println("host " + args[1] + " running");
        host.awaitClose();
        host.stopReason().ifPresent(reason -> System.out.println("host " + args[1] + " stopped: " + reason));
    }
}
