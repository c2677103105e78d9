package io.celerity.cli;

import io.celerity.component.ComponentType;
import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The queue a command reads: a directory, or a queue's name in the {@code --config} services.yaml. */
final class QueueLocator {

    @Parameters(index = "0", paramLabel = "QUEUE", description = "a queue directory, or a queue name with --config")
    String queue;

    @Option(names = "--config", paramLabel = "SERVICES_YAML", description = "look the queue up by name in this deployment")
    Path config;

    private CelerityConfig loaded;

    Path path() {
        Path path = config == null ? Path.of(queue) : queueConfig().path();
        if (!Files.isDirectory(path))
            throw new IllegalArgumentException("no queue at " + path.toAbsolutePath());
        return path;
    }

    /** The output interface of the service that writes the queue, when the deployment says which one does. */
    Optional<Class<?>> writerInterface() throws ClassNotFoundException {
        if (config == null)
            return Optional.empty();
        for (ServiceConfig service : deployment().services().values())
            if (service.output().equals(queue))
                return Optional.of(ComponentType.of(Class.forName(service.implClass())).outputInterfaces().get(0));
        return Optional.empty();
    }

    CelerityConfig deployment() {
        if (loaded == null)
            loaded = CelerityConfig.load(config);
        return loaded;
    }

    private QueueConfig queueConfig() {
        QueueConfig q = deployment().queues().get(queue);
        if (q == null)
            throw new IllegalArgumentException(config + " has no queue '" + queue + "'; it has "
                    + deployment().queues().keySet());
        return q;
    }
}
