package io.celerity.testhosts;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * Several named hosts on this machine, for tests of replication and failover. As root on Linux each host is a
 * network namespace of its own, cabled to a private switch; elsewhere every host is this machine's loopback, said so
 * on stderr and by {@link #isolated()}. Closing ends every process started on a host and deletes every namespace.
 *
 * <p>Use it in try-with-resources, or as a JUnit 5 extension: {@code @RegisterExtension static final Hosts HOSTS =
 * Hosts.create("a", "b");} is closed after the class's tests, an instance field after each test.
 */
public final class Hosts implements AutoCloseable, BeforeAllCallback, AfterEachCallback, AfterAllCallback {

    /** {@code -Dcelerity.hosts.loopback=true} forces the loopback fallback, to check that a test passes there. */
    public static final String LOOPBACK_PROPERTY = "celerity.hosts.loopback";

    /** How long a process may act on SIGTERM at close before SIGKILL. */
    private static final Duration GRACE = Duration.ofSeconds(5);
    private static final Pattern HOST_NAME = Pattern.compile("[A-Za-z0-9]{1,32}");
    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    private static final Logger LOG = LoggerFactory.getLogger(Hosts.class);

    private final Network network;
    private final Map<String, Host> hosts = new LinkedHashMap<>();
    private final List<HostProcess> processes = new ArrayList<>(); // guarded by this
    private boolean closed; // guarded by this
    private volatile Class<?> declaringClass; // set when registered on a class: closed after all its tests

    private Hosts(Network network, List<String> names) {
        this.network = network;
        for (int i = 0; i < names.size(); i++)
            hosts.put(names.get(i), new Host(this, names.get(i), i));
        Teardown.register(this);
    }

    /** Hosts named {@code names}: network namespaces where the machine allows them, loopback otherwise. */
    public static Hosts create(String... names) {
        return open(List.of(names), Boolean.getBoolean(LOOPBACK_PROPERTY) ? LOOPBACK_PROPERTY + "=true" : null);
    }

    /** Hosts named {@code names} on loopback, even where namespaces are possible. */
    public static Hosts loopback(String... names) {
        return open(List.of(names), "loopback asked for");
    }

    private static Hosts open(List<String> names, String noNamespaces) {
        check(names);
        String reason = noNamespaces != null ? noNamespaces : obstacle();
        Network network = null;
        if (reason == null) {
            Ip ip = Ip.find().orElseThrow();
            Instant now = Instant.now();
            long pid = ProcessHandle.current().pid();
            int sequence = SEQUENCE.incrementAndGet();
            try {
                StaleNamespaces.sweep(ip, now);
                network = NamespaceNetwork.create(ip, StaleNamespaces.prefix(now, pid, sequence),
                        subnet(pid, sequence), names);
            } catch (IOException e) {
                reason = e.getMessage();
            }
        }
        if (network == null) {
            System.err.println("hosts: no network namespaces (" + reason + "); falling back to loopback");
            network = new LoopbackNetwork(reason);
        }
        LOG.info("hosts {}: {}", names, network.describe());
        return new Hosts(network, names);
    }

    private static void check(List<String> names) {
        if (names.isEmpty())
            throw new IllegalArgumentException("hosts: name at least one host");
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            if (!HOST_NAME.matcher(name).matches() || name.equals(StaleNamespaces.SWITCH))
                throw new IllegalArgumentException("hosts: host name '" + name + "' must be 1-32 letters or digits"
                        + " and not '" + StaleNamespaces.SWITCH + "' (it names namespaces)");
            if (!seen.add(name))
                throw new IllegalArgumentException("hosts: host '" + name + "' named twice in " + names);
        }
    }

    /** Why this machine cannot have namespaces, or null if it may (creating them is the last test). */
    private static String obstacle() {
        if (!System.getProperty("os.name", "").startsWith("Linux"))
            return "not Linux but " + System.getProperty("os.name");
        if (Ip.find().isEmpty())
            return "no ip command (iproute2) on the PATH, in /sbin or /usr/sbin";
        try {
            Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            return Integer.valueOf(0).equals(uid) ? null : "not root (uid " + uid + ")";
        } catch (IOException | UnsupportedOperationException e) {
            return "cannot tell whether this is root: " + e;
        }
    }

    /** 169.254.N.0/24, N differing for 254 instances in a row: networks never meet anyway, but logs tell them apart. */
    private static int subnet(long pid, int sequence) {
        return 1 + (int) Math.floorMod(pid * 101 + sequence, 254L);
    }

    /** The host named {@code name}. */
    public Host host(String name) {
        Host host = hosts.get(name);
        if (host == null)
            throw new IllegalArgumentException("hosts: no host '" + name + "'; there are " + hosts.keySet());
        return host;
    }

    /** All hosts, in the order named. */
    public List<Host> all() {
        return List.copyOf(hosts.values());
    }

    /** True when each host has a network of its own (namespaces); false on the loopback fallback. */
    public boolean isolated() {
        return network.isolated();
    }

    Network network() {
        return network;
    }

    synchronized boolean isClosed() {
        return closed;
    }

    synchronized HostProcess start(String host, List<String> command, Map<String, String> env, Path logFile)
            throws IOException {
        if (closed)
            throw new IllegalStateException("hosts are closed: cannot start " + command + " on " + host);
        Path parent = logFile.toAbsolutePath().getParent();
        if (parent != null)
            Files.createDirectories(parent);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
        builder.environment().putAll(env);
        HostProcess process = new HostProcess(host, builder.start(), logFile);
        processes.add(process);
        return process;
    }

    /** Ends every process started on a host (and its children), then deletes every namespace and link. */
    @Override
    public void close() {
        List<HostProcess> started;
        synchronized (this) {
            if (closed)
                return;
            closed = true;
            started = List.copyOf(processes);
        }
        IllegalStateException failure = new IllegalStateException("hosts teardown incomplete: " + network.describe());
        Set<ProcessHandle> tree = new LinkedHashSet<>();
        for (HostProcess p : started) {
            tree.add(p.process().toHandle());
            p.process().descendants().forEach(tree::add);
        }
        try {
            network.pids().forEach(pid -> ProcessHandle.of(pid).ifPresent(tree::add));
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
        try {
            List<Long> left = Teardown.end(tree, GRACE);
            if (!left.isEmpty())
                failure.addSuppressed(new IllegalStateException("alive after SIGKILL: pids " + left));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure.addSuppressed(e);
        }
        try {
            network.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
        Teardown.unregister(this);
        if (failure.getSuppressed().length > 0)
            throw failure;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        if (declaringClass == null)
            declaringClass = context.getRequiredTestClass();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (declaringClass == null)
            close();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (context.getRequiredTestClass() == declaringClass) // not at the end of a @Nested class
            close();
    }

    @Override
    public String toString() {
        return "hosts " + hosts.keySet() + " on " + network.describe();
    }
}
