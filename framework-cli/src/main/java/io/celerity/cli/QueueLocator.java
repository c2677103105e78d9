package io.celerity.cli;

import io.celerity.internal.encryption.CipherQueue;
import io.celerity.internal.encryption.QueueEncryption;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.internal.component.ComponentType;
import io.celerity.internal.replication.ReplicaDirectory;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The queue a command reads or writes: a queue's name in a services.yaml ({@code --config}, else
 * {@code services.yaml} in the working directory when it declares QUEUE), or a directory. The file is read without
 * the component classes; they are needed only to find a queue's event interfaces.
 */
final class QueueLocator {

    static final Path DEFAULT_CONFIG = Path.of("services.yaml");

    @Parameters(index = "0", paramLabel = "QUEUE",
            description = "a queue directory, or a queue's name in the services.yaml (--config)")
    String queue;

    @Option(names = "--config", paramLabel = "SERVICES_YAML",
            description = "look the queue up by name in this deployment (default: ./services.yaml when it declares QUEUE)")
    Path config;

    private CelerityConfig loaded;
    private boolean defaultChecked;

    Path path() {
        Path path = usesConfig() ? queueConfig().path() : Path.of(queue);
        if (!Files.isDirectory(path))
            throw new IllegalArgumentException("no queue at " + path.toAbsolutePath()
                    + (usesConfig() ? "" : "; give a queue directory, or a queue name with --config SERVICES_YAML"));
        return path;
    }

    /**
     * {@code stored}, the queue opened, as the services see it: an encrypted queue of the services.yaml seals and opens
     * its documents with the deployment's keys, and the personal fields of the events of {@code interfaces} with their
     * subjects' keys.
     */
    ChronicleQueue asServicesSeeIt(SingleChronicleQueue stored, List<Class<?>> interfaces) {
        ChronicleQueue queue = usesConfig() ? new QueueEncryption(deployment()).view(queueConfig(), stored) : stored;
        if (queue instanceof CipherQueue encrypted)
            encrypted.carries(interfaces); // their personal fields are encrypted, decrypted, or read as forgotten
        return queue;
    }

    /** Whether QUEUE is declared in the services.yaml but its directory does not exist yet (no service wrote it). */
    boolean declaredButAbsent() {
        return usesConfig() && !Files.isDirectory(queueConfig().path());
    }

    /** The queue to write: as {@link #path()}, except that a queue the services.yaml declares may not exist yet. */
    Path pathForWriting() {
        return usesConfig() ? queueConfig().path() : path();
    }

    /**
     * Refuses to write a copy of another host's queue: with a services.yaml that declares hosts, the queue must be
     * written on {@code host} (this machine's host, which must be given); and a directory that is a copy (its
     * replication status says so) is never written.
     */
    void requireWritableOn(String host) {
        boolean named = host != null && !host.isBlank();
        if (usesConfig()) {
            CelerityConfig d = deployment();
            QueueConfig q = queueConfig();
            if (d.hosts().isEmpty() && named)
                throw new IllegalArgumentException("--host " + host + ": " + config + " declares no hosts; leave it out");
            if (!d.hosts().isEmpty()) {
                String source = q.replication().source();
                if (!named)
                    throw new IllegalArgumentException("queue '" + queue + "' of " + config + " is written on host '"
                            + source + "' and copied to " + q.replication().replicas() + ": give --host NAME (or "
                            + "CELERITY_HOST), the host this machine is; only host '" + source + "' may write it");
                if (!d.hosts().containsKey(host))
                    throw new IllegalArgumentException("host '" + host + "' is not declared in " + config
                            + "; expected one of " + d.hosts().keySet());
                if (!source.equals(host))
                    throw new IllegalArgumentException("queue '" + queue + "' is written on host '" + source + "'; on "
                            + "host '" + host + "' it is " + (q.replication().replicas().contains(host)
                            ? "a read-only copy" : "not held at all") + ": send it on host '" + source + "'");
            }
        }
        Path dir = pathForWriting();
        if (Files.isDirectory(dir))
            ReplicaDirectory.copyOf(dir).ifPresent(why -> {
                throw new IllegalArgumentException(why);
            });
    }

    /** The roll cycle a new queue gets: the services.yaml's, else Celerity's default. */
    String rollCycle() {
        return usesConfig() ? queueConfig().rollCycle() : QueueConfig.DEFAULT_ROLL_CYCLE;
    }

    /** Whether QUEUE is a name looked up in a services.yaml: --config, else ./services.yaml if it names QUEUE. */
    boolean usesConfig() {
        if (config == null && !defaultChecked) {
            defaultChecked = true;
            if (Files.isRegularFile(DEFAULT_CONFIG) && (!Files.isDirectory(Path.of(queue)) || declaresQueue()))
                config = DEFAULT_CONFIG;
        }
        return config != null;
    }

    private boolean declaresQueue() {
        try {
            return CelerityConfig.loadWithoutComponents(DEFAULT_CONFIG).queues().containsKey(queue);
        } catch (RuntimeException e) {
            return false; // QUEUE is a directory: an unrelated, broken services.yaml beside it is not our business
        }
    }

    CelerityConfig deployment() {
        if (loaded == null)
            loaded = CelerityConfig.loadWithoutComponents(config);
        return loaded;
    }

    /** Queue names by the source id message histories record, when the deployment is known. */
    Map<Integer, String> queuesBySourceId() {
        if (!usesConfig())
            return Map.of();
        return deployment().queues().values().stream().collect(Collectors.toMap(QueueConfig::sourceId, QueueConfig::name));
    }

    /** The output interfaces of the services writing this queue, then the input interfaces of those reading it. */
    List<Class<?>> eventInterfaces() throws ClassNotFoundException {
        Set<Class<?>> all = new LinkedHashSet<>(interfacesOf(s -> s.output().equals(queue), ComponentType::outputInterfaces));
        all.addAll(readerInterfaces());
        return new ArrayList<>(all);
    }

    /** The interfaces the queue declares ({@code events}), else those of the services that read it: what producers write. */
    List<Class<?>> readerInterfaces() throws ClassNotFoundException {
        if (usesConfig() && !queueConfig().events().isEmpty())
            return declaredEvents();
        return interfacesOf(s -> s.readQueues().contains(queue), ComponentType::inputInterfaces);
    }

    private List<Class<?>> interfacesOf(java.util.function.Predicate<ServiceConfig> uses,
                                        Function<ComponentType, List<Class<?>>> interfaces) throws ClassNotFoundException {
        Set<Class<?>> found = new LinkedHashSet<>();
        if (!usesConfig())
            return List.of();
        for (ServiceConfig service : deployment().services().values())
            if (uses.test(service))
                found.addAll(interfaces.apply(ComponentType.of(Class.forName(service.implClass()))));
        return new ArrayList<>(found);
    }

    private List<Class<?>> declaredEvents() throws ClassNotFoundException {
        List<Class<?>> declared = new ArrayList<>();
        for (String name : queueConfig().events())
            declared.add(Class.forName(name));
        return declared;
    }

    private QueueConfig queueConfig() {
        QueueConfig q = deployment().queues().get(queue);
        if (q == null)
            throw new IllegalArgumentException(config + " has no queue '" + queue + "'; it has "
                    + deployment().queues().keySet());
        return q;
    }
}
