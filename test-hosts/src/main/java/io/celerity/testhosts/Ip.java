package io.celerity.testhosts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The {@code ip} command of iproute2. */
final class Ip {

    private final String binary;

    private Ip(Path binary) {
        this.binary = binary.toString();
    }

    /** The machine's {@code ip}, if it has one. */
    static Optional<Ip> find() {
        return Commands.find("ip").map(Ip::new);
    }

    String binary() {
        return binary;
    }

    /** Runs {@code ip args}; returns its output or throws with it. */
    String run(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(binary));
        command.addAll(Arrays.asList(args));
        return Commands.run(command);
    }

    /** The names of all network namespaces on the machine. */
    List<String> namespaces() throws IOException {
        List<String> names = new ArrayList<>();
        for (String line : run("netns", "list").split("\n"))
            if (!line.isBlank())
                names.add(line.trim().split("\\s+")[0]); // "name (id: 3)"
        return names;
    }

    /** The pids of the processes inside {@code namespace}. */
    List<Long> pids(String namespace) throws IOException {
        List<Long> pids = new ArrayList<>();
        for (String line : run("netns", "pids", namespace).split("\n"))
            if (!line.isBlank())
                pids.add(Long.parseLong(line.trim()));
        return pids;
    }
}
