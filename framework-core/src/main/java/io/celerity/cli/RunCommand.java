package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.runtime.ServiceHost;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code celerity run services.yaml}: runs a host until the process is stopped. */
@Command(name = "run", description = "Runs the services of a services.yaml until stopped (SIGTERM or Ctrl-C).")
final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SERVICES_YAML", description = "the deployment to run")
    Path servicesYaml;

    @Override
    public Integer call() throws InterruptedException {
        CelerityConfig config = CelerityConfig.load(servicesYaml);
        ServiceHost host = ServiceHost.start(config).closeOnShutdown();
        System.out.println("celerity: running " + config.services().keySet() + " from " + servicesYaml
                + "; stop with SIGTERM or Ctrl-C");
        host.awaitClose();
        return 0;
    }
}
