package io.celerity.torture;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.testhosts.Hosts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The OMS over three hosts (examples' {@code oms/hosts/services.yaml}, or {@code oms/ha/services.yaml} with its order
 * manager highly available): one directory per host, each with the same services.yaml (the hosts' real addresses put
 * in) and so its own queue files.
 */
final class OmsHostsDeployment {

    static final String RESOURCE = "oms/hosts/services.yaml";
    static final String HA_RESOURCE = "oms/ha/services.yaml";
    /** The highly available service of {@link #HA_RESOURCE}. */
    static final String HA_SERVICE = "order-manager";
    /** The hosts in the file's order; the first writes the orders and holds a copy of everything. */
    static final List<String> HOSTS = List.of("a", "b", "c");
    static final String ENTRY = "a";
    private static final Pattern DOCUMENTATION_ADDRESS = Pattern.compile("address: 192\\.0\\.2\\.(\\d)");
    private static final Pattern SNAPSHOT_PERIOD = Pattern.compile(", period: \\w+");

    private final Path root;
    private final CelerityConfig config;

    private OmsHostsDeployment(Path root, CelerityConfig config) {
        this.root = root;
        this.config = config;
    }

    /** Writes each host's services.yaml under {@code root}; no requests (the client sends them while it runs). */
    static OmsHostsDeployment create(Path root, Hosts hosts, int requests, long snapshotEvery) throws IOException {
        return create(RESOURCE, OmsDeployment.SNAPSHOTTING_SERVICES, root, hosts, requests, snapshotEvery);
    }

    /** As {@link #create(Path, Hosts, int, long)}, with the order manager highly available (and not snapshotting). */
    static OmsHostsDeployment createHa(Path root, Hosts hosts, int requests, long snapshotEvery) throws IOException {
        return create(HA_RESOURCE, 1, root, hosts, requests, snapshotEvery);
    }

    private static OmsHostsDeployment create(String resource, int snapshotting, Path root, Hosts hosts, int requests,
                                             long snapshotEvery) throws IOException {
        String yaml = OmsDeployment.forTorture(resource, requests, snapshotEvery, snapshotting);
        // Snapshots every snapshotEvery inputs only: a timed one, taken up to a period after the last input, could be
        // copied still when a drained trial stops its hosts.
        yaml = OmsDeployment.replace(resource, yaml, SNAPSHOT_PERIOD, snapshotting, "");
        yaml = OmsDeployment.replace(resource, yaml, DOCUMENTATION_ADDRESS, HOSTS.size(), "address: @$1");
        for (int i = 0; i < HOSTS.size(); i++)
            yaml = yaml.replace("address: @" + (i + 1), "address: " + hosts.host(HOSTS.get(i)).address());
        for (String host : HOSTS)
            Files.writeString(Files.createDirectories(root.resolve(host)).resolve("services.yaml"), yaml);
        return new OmsHostsDeployment(root, CelerityConfig.load(root.resolve(ENTRY).resolve("services.yaml")));
    }

    Path home(String host) {
        return root.resolve(host);
    }

    Path servicesYaml(String host) {
        return home(host).resolve("services.yaml");
    }

    CelerityConfig config() {
        return config;
    }

    /** A queue's directory on a host (its source or one of its replicas). */
    Path queue(String host, String queue) {
        return home(host).resolve(config.queues().get(queue).path().getFileName());
    }

    /** Each copy of a queue: its source and one replica, for every replicated queue. */
    List<Copy> copies() {
        List<Copy> copies = new ArrayList<>();
        for (QueueConfig q : config.queues().values())
            for (String replica : q.replication().replicas())
                copies.add(new Copy(q.name(), q.replication().source(), replica));
        return copies;
    }

    /** Each service with the host it runs on (where its output is written), its input and its output. */
    List<Placement> placements() {
        List<Placement> placements = new ArrayList<>();
        config.services().values().forEach(s -> placements.add(new Placement(s.name(),
                config.queues().get(s.output()).replication().source(), s.inputs().get(0), s.output())));
        return placements;
    }

    /** The copy of {@code queue} on host {@code replica}, written on {@code source}. */
    record Copy(String queue, String source, String replica) {
        @Override
        public String toString() {
            return queue + " " + source + "->" + replica;
        }
    }

    record Placement(String service, String host, String input, String output) {
    }
}
