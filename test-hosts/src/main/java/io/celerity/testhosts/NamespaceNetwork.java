package io.celerity.testhosts;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One network namespace per host, each joined by a veth pair to a bridge in a namespace of its own (the switch), so
 * nothing is added to the machine's own namespace and nothing reaches the real network.
 */
final class NamespaceNetwork implements Network {

    private static final String BRIDGE = "br0";
    private static final String HOST_LINK = "eth0";

    private final Ip ip;
    private final String prefix;
    private final int subnet;
    private final List<String> hostNames;
    private final List<String> created = new ArrayList<>();

    private NamespaceNetwork(Ip ip, String prefix, int subnet, List<String> hostNames) {
        this.ip = ip;
        this.prefix = prefix;
        this.subnet = subnet;
        this.hostNames = List.copyOf(hostNames);
    }

    /** Builds the switch and the hosts, or deletes what it built and throws. */
    static NamespaceNetwork create(Ip ip, String prefix, int subnet, List<String> hostNames) throws IOException {
        NamespaceNetwork network = new NamespaceNetwork(ip, prefix, subnet, hostNames);
        try {
            network.build();
            return network;
        } catch (IOException | RuntimeException e) {
            try {
                network.close();
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    private void build() throws IOException {
        String sw = switchNamespace();
        add(sw);
        ip.run("-n", sw, "link", "add", BRIDGE, "type", "bridge");
        ip.run("-n", sw, "link", "set", BRIDGE, "up");
        for (int i = 0; i < hostNames.size(); i++) {
            String ns = namespace(i);
            add(ns);
            // Made inside the switch with its peer put straight into the host: no end ever sits in the root namespace.
            ip.run("-n", sw, "link", "add", port(i), "type", "veth", "peer", "name", HOST_LINK, "netns", ns);
            ip.run("-n", sw, "link", "set", port(i), "master", BRIDGE, "up");
            ip.run("-n", ns, "addr", "add", address(i) + "/24", "dev", HOST_LINK);
            ip.run("-n", ns, "link", "set", HOST_LINK, "up");
            ip.run("-n", ns, "link", "set", "lo", "up");
        }
    }

    private void add(String namespace) throws IOException {
        ip.run("netns", "add", namespace);
        created.add(namespace);
    }

    private String switchNamespace() {
        return prefix + StaleNamespaces.SWITCH;
    }

    private String namespace(int host) {
        return prefix + hostNames.get(host);
    }

    /** The switch's end of the host's cable; names are per namespace, so short ones do. */
    private static String port(int host) {
        return "p" + host;
    }

    @Override
    public boolean isolated() {
        return true;
    }

    @Override
    public String describe() {
        return "network namespaces " + prefix + "*, 169.254." + subnet + ".0/24 on a bridge in " + switchNamespace();
    }

    @Override
    public String address(int host) {
        return "169.254." + subnet + "." + (host + 1);
    }

    @Override
    public List<String> onHost(int host, List<String> command) {
        List<String> wrapped = new ArrayList<>(List.of(ip.binary(), "netns", "exec", namespace(host)));
        wrapped.addAll(command); // ip execs the command in place: the process's pid is the command's own
        return wrapped;
    }

    /** Pulls the cable at the switch: the host keeps its address and sees no carrier. */
    @Override
    public void linkDown(int host) throws IOException {
        ip.run("-n", switchNamespace(), "link", "set", port(host), "down");
    }

    @Override
    public void linkUp(int host) throws IOException {
        ip.run("-n", switchNamespace(), "link", "set", port(host), "up");
    }

    @Override
    public List<Long> pids() throws IOException {
        List<Long> pids = new ArrayList<>();
        for (String ns : created)
            pids.addAll(ip.pids(ns));
        return pids;
    }

    @Override
    public List<String> namespaces() {
        return List.copyOf(created);
    }

    /** Deleting a host's namespace deletes its veth pair too; the switch goes last. */
    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (int i = created.size() - 1; i >= 0; i--) {
            try {
                ip.run("netns", "delete", created.get(i));
                created.remove(i);
            } catch (IOException e) {
                if (failure == null)
                    failure = new IOException("namespaces left behind: " + created);
                failure.addSuppressed(e);
            }
        }
        if (failure != null)
            throw failure;
    }
}
