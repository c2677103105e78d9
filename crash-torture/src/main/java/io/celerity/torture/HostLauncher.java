package io.celerity.torture;

import io.celerity.cli.CelerityCli;
import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import io.celerity.testhosts.JavaCommand;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Starts {@code celerity run} of a host's {@code services.yaml} in its network namespace, as a supervisor would, each
 * start logging to {@code logs/HOST-N.log} under the host's home, with the log time {@link PrimaryWatch} reads.
 */
final class HostLauncher {

    private final Hosts hosts;
    private final List<String> jvmOptions;
    private final Function<String, Path> servicesYaml;
    private final Function<String, Path> home;
    private final Map<String, Integer> starts = new LinkedHashMap<>();
    private final Map<String, Path> classesFirst = new LinkedHashMap<>();

    HostLauncher(Hosts hosts, List<String> jvmOptions, Function<String, Path> servicesYaml,
                 Function<String, Path> home) {
        this.hosts = hosts;
        this.jvmOptions = jvmOptions;
        this.servicesYaml = servicesYaml;
        this.home = home;
    }

    HostProcess launch(String host) throws IOException {
        int start = starts.merge(host, 1, Integer::sum);
        List<String> command = new ArrayList<>(JavaCommand.of(CelerityCli.class.getName(), "run",
                servicesYaml.apply(host).toString(), "--host", host));
        command.addAll(1, jvmOptions);
        command.addAll(1, PrimaryWatch.LOG_TIME_OPTIONS);
        Path classes = classesFirst.get(host);
        if (classes != null) { // another release of the application: its classes before the build's
            int classPath = command.indexOf("-cp") + 1;
            command.set(classPath, classes + File.pathSeparator + command.get(classPath));
        }
        Path log = home.apply(host).resolve("logs").resolve(host + "-" + start + ".log");
        return hosts.host(host).exec(command, Map.of(), log);
    }

    /**
     * Later starts of {@code host} run {@code classes} (a release of the application's classes) before the build's;
     * {@code null}: the build's again.
     */
    void release(String host, Path classes) {
        if (classes == null)
            classesFirst.remove(host);
        else
            classesFirst.put(host, classes);
    }

    /** How many (re)starts so far, of every host. */
    int starts() {
        return starts.values().stream().mapToInt(Integer::intValue).sum();
    }
}
