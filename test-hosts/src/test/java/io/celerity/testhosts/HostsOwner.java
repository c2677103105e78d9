package io.celerity.testhosts;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A test JVM in miniature: opens hosts, starts {@code sleep} on one, never closes them; its shutdown hook must. */
public final class HostsOwner {

    private HostsOwner() {
    }

    public static void main(String[] args) throws Exception {
        Hosts hosts = Hosts.create("a", "b");
        HostProcess sleep = hosts.host("a").exec(List.of("sleep", "600"), Map.of(), Path.of(args[0]));
        System.out.println("sleep " + sleep.pid() + " namespaces " + String.join(",", hosts.network().namespaces()));
        Thread.sleep(Long.MAX_VALUE);
    }
}
