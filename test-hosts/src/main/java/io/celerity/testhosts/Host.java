package io.celerity.testhosts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** One of the {@link Hosts}: an address, processes started on it, and a link that can be cut. */
public final class Host {

    private final Hosts hosts;
    private final String name;
    private final int index;

    Host(Hosts hosts, String name, int index) {
        this.hosts = hosts;
        this.name = name;
        this.index = index;
    }

    public String name() {
        return name;
    }

    /** Its IP address: its own in a namespace, 127.0.0.1 (shared: use distinct ports) on loopback. */
    public String address() {
        return hosts.network().address(index);
    }

    /** Starts {@code command} on this host with {@code env} added, output and errors appended to {@code logFile}. */
    public HostProcess exec(List<String> command, Map<String, String> env, Path logFile) throws IOException {
        return hosts.start(name, hosts.network().onHost(index, command), env, logFile);
    }

    /** Starts {@code mainClass} on this host in a JVM like this one (java, classpath, Chronicle's flags). */
    public HostProcess startJava(Path logFile, String mainClass, String... args) throws IOException {
        return exec(JavaCommand.of(mainClass, args), Map.of(), logFile);
    }

    /** Starts {@code mainClass} on this host in a JVM like this one (java, classpath, Chronicle's flags). */
    public HostProcess startJava(Path logFile, Class<?> mainClass, String... args) throws IOException {
        return startJava(logFile, mainClass.getName(), args);
    }

    /**
     * Cuts the host off the network (its cable pulled at the switch) until {@link #linkUp()}.
     *
     * @throws UnsupportedOperationException on the loopback fallback, which has no link per host
     */
    public void linkDown() throws IOException {
        hosts.network().linkDown(index);
    }

    /** Reconnects the host after {@link #linkDown()}. */
    public void linkUp() throws IOException {
        hosts.network().linkUp(index);
    }

    @Override
    public String toString() {
        return name + "@" + address();
    }
}
