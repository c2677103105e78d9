package io.celerity.torture;

import io.celerity.examples.demo.DemoFiles;
import io.celerity.testhosts.Hosts;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The OMS over three hosts as a demo: starts hosts a, b and c (network namespaces where the machine allows), each
 * running its part of the examples' {@code oms/hosts/services.yaml}; sends requests on host a, printing each queue's
 * progress on its source and its copy every second, optionally kills a host mid-way, then prints the answers on a
 * and checks every copy against its source.
 */
@Command(name = "oms-hosts-demo", mixinStandardHelpOptions = true,
        description = "Runs the OMS over three hosts and shows its queues being copied between them.")
public final class OmsHostsDemo implements Callable<Integer> {

    @Option(names = "--requests", defaultValue = "20000", description = "requests to send (default ${DEFAULT-VALUE})")
    int requests;

    @Option(names = "--rate", defaultValue = "2000", description = "requests per second (default ${DEFAULT-VALUE})")
    int rate;

    @Option(names = "--kill", paramLabel = "HOST",
            description = "kill -9 this host half-way through the sending, and start it again at once")
    String kill;

    @Mixin
    HostJvmOptions jvmOptions;

    @Option(names = "--dir", defaultValue = "data/oms-hosts",
            description = "working directory, cleared first; a directory per host (default ${DEFAULT-VALUE})")
    Path dir;

    public static void main(String[] args) {
        System.exit(new CommandLine(new OmsHostsDemo()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (kill != null && !OmsHostsDeployment.HOSTS.contains(kill))
            throw new CommandLine.ParameterException(new CommandLine(this),
                    "--kill: expected one of " + OmsHostsDeployment.HOSTS + ", not '" + kill + "'");
        Path root = DemoFiles.dataDirectory(dir, true);
        try (Hosts hosts = Hosts.create(OmsHostsDeployment.HOSTS.toArray(String[]::new))) {
            OmsHostsDeployment deployment = OmsHostsDeployment.create(root, hosts, requests, 10_000);
            System.out.printf("hosts %s: %s; each runs `celerity run services.yaml --host NAME` in %s/NAME%n",
                    hosts.all(), hosts.isolated() ? "network namespaces" : "loopback (no network namespaces here)",
                    root);
            try (OmsHosts oms = new OmsHosts(hosts, deployment, jvmOptions.values)) {
                long start = System.nanoTime();
                oms.startAll();
                System.out.printf("started in %,d ms; sending %,d requests at %,d/s into a's orders%n",
                        (System.nanoTime() - start) / 1_000_000, requests, rate);
                boolean killed = kill == null;
                try (RequestFeed feed = RequestFeed.start(deployment.queue(OmsHostsDeployment.ENTRY, "orders"),
                        requests, rate)) {
                    while (!oms.drained() || feed.sent() < requests) {
                        Thread.sleep(1_000);
                        System.out.printf("sent %,d; %s%n", feed.sent(), oms.progress());
                        if (!killed && feed.sent() >= requests / 2) {
                            killed = true;
                            System.out.printf("kill -9 of host %s, then started again%n", kill);
                            oms.killAndRestart(kill);
                        }
                        if (oms.unexpectedExit() != null)
                            throw new IllegalStateException(oms.unexpectedExit());
                    }
                    feed.await();
                }
                System.out.printf("all answered and copied %,d ms after the start%n",
                        (System.nanoTime() - start) / 1_000_000);
                List<String> unclean = oms.stopAll();
                AnswerTally.read(deployment.queue(OmsHostsDeployment.ENTRY, "reports")).print(System.out);
                List<String> diverged = oms.diverged();
                System.out.println(diverged.isEmpty() ? "every copy is its source, document by document, byte for byte"
                        : "copies that differ from their source: " + diverged);
                return unclean.isEmpty() && diverged.isEmpty() ? 0 : 1;
            }
        }
    }
}
