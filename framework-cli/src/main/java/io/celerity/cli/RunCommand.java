package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.host.ServiceHost;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code celerity run services.yaml}: runs a host until the process is stopped. */
@Command(name = "run", description = "Runs the services of a services.yaml, or some of them, until stopped (SIGTERM or Ctrl-C).")
final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SERVICES_YAML", description = "the deployment to run")
    Path servicesYaml;

    @Option(names = "--service", paramLabel = "NAME",
            description = "run only this service (or agent) of the file (repeatable), e.g. one service per process; "
                    + "default: all")
    List<String> services = new ArrayList<>();

    @Option(names = "--host", paramLabel = "NAME", defaultValue = "${env:CELERITY_HOST}",
            description = "run this host's part of a deployment over several hosts: the services and agents whose "
                    + "output is written here, copying queues to and from the other hosts (default: CELERITY_HOST; "
                    + "without either, the whole deployment runs here, copying nothing)")
    String hostName;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        CelerityConfig whole = CelerityConfig.load(servicesYaml);
        boolean onHost = hostName != null && !hostName.isBlank();
        if (onHost && !services.isEmpty()) // two processes of one host would both copy its queues
            throw new ParameterException(spec.commandLine(), "--service cannot be combined with --host: a host's part "
                    + "runs in one process, which copies its queues");
        CelerityConfig config = onHost ? whole.onHost(hostName) : services.isEmpty() ? whole
                : whole.withOnlyServices(services);
        ServiceHost host = ServiceHost.start(config).closeOnShutdown();
        System.out.println("celerity: running " + config.services().keySet()
                + (config.agents().isEmpty() ? "" : " and agents " + config.agents().keySet())
                + (config.thisHost() == null ? "" : " as host '" + config.thisHost() + "'") + " from " + servicesYaml
                + "; stop with SIGTERM or Ctrl-C");
        host.awaitClose();
        if (host.stopReason().isPresent()) {
            System.err.println("celerity: stopped: " + host.stopReason().get());
            return CelerityCli.STORAGE_ERROR;
        }
        return 0;
    }
}
