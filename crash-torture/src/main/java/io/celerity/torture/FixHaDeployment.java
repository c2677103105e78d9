package io.celerity.torture;

import io.celerity.examples.demo.DemoFiles;
import io.celerity.testhosts.Hosts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The examples' {@code oms/fix-ha/services.yaml} as the FIX torture deploys it: one directory per host, each with the
 * same file (the hosts' real addresses put in, loops that back off when idle), and so its own queues and FIX state.
 * Where the hosts share loopback, the standby accepts on the next port, as its own address would be taken.
 */
final class FixHaDeployment {

    static final String RESOURCE = "oms/fix-ha/services.yaml";
    static final List<String> HOSTS = List.of("a", "b", "c");
    /** Where the FIX client runs: a host of its own, so cutting the primary's link cuts its session too. */
    static final String CLIENT_HOST = "x";
    static final String GATEWAY = "client-orders";
    static final String PRIMARY = "a";
    static final String STANDBY = "b";
    static final int PORT = 9880;
    private static final String STATE_DIR = "fix-state"; // as the file says
    private static final Pattern DOCUMENTATION_ADDRESS = Pattern.compile("address: 192\\.0\\.2\\.(\\d)");
    private static final Pattern REPLICAS_BEFORE_SEND = Pattern.compile("replicasBeforeSend: 1");
    private static final String ACCEPTOR = "acceptor: { host: 0.0.0.0, port: " + PORT + " }";

    private final Path root;
    private final int standbyPort;

    private FixHaDeployment(Path root, int standbyPort) {
        this.root = root;
        this.standbyPort = standbyPort;
    }

    /** @param replicasBeforeSend the gateway's: 1 as in the file, or 0 to measure what waiting for b costs */
    static FixHaDeployment create(Path root, Hosts hosts, int replicasBeforeSend) throws IOException {
        String yaml = DemoFiles.resource(RESOURCE).replace("pauser: BUSY", "pauser: BALANCED");
        yaml = OmsDeployment.replace(RESOURCE, yaml, REPLICAS_BEFORE_SEND, 1, "replicasBeforeSend: "
                + replicasBeforeSend);
        yaml = OmsDeployment.replace(RESOURCE, yaml, DOCUMENTATION_ADDRESS, HOSTS.size(), "address: @$1");
        for (int i = 0; i < HOSTS.size(); i++)
            yaml = yaml.replace("address: @" + (i + 1), "address: " + hosts.host(HOSTS.get(i)).address());
        if (!yaml.contains("stateDir: " + STATE_DIR))
            throw new IllegalStateException(RESOURCE + " no longer keeps the gateway's state in " + STATE_DIR);
        int standbyPort = PORT;
        if (!hosts.isolated()) {
            standbyPort = PORT + 1;
            if (!yaml.contains(ACCEPTOR))
                throw new IllegalStateException(RESOURCE + " no longer has '" + ACCEPTOR + "' to add to");
            yaml = yaml.replace(ACCEPTOR, ACCEPTOR + "\n    standbyAcceptor: { host: 0.0.0.0, port: " + standbyPort
                    + " }");
        }
        for (String host : HOSTS)
            Files.writeString(Files.createDirectories(root.resolve(host)).resolve("services.yaml"), yaml);
        return new FixHaDeployment(root, standbyPort);
    }

    Path home(String host) {
        return root.resolve(host);
    }

    /** The gateway's state on {@code host}: its {@code stateDir} in the file. */
    Path stateDir(String host) {
        return home(host).resolve(STATE_DIR);
    }

    Path servicesYaml(String host) {
        return home(host).resolve("services.yaml");
    }

    /** The port the standby accepts on once it took over. */
    int standbyPort() {
        return standbyPort;
    }
}
