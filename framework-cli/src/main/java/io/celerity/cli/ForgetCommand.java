package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.internal.encryption.QueueEncryption;
import io.celerity.internal.encryption.SubjectKeys;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code celerity forget SUBJECT SERVICES_YAML}: destroys a data subject's keys, so that no copy of any queue yields
 * its personal fields again.
 */
@Command(name = "forget", description = "Forgets a data subject: records who and when in the deployment's subjects "
        + "queue, then overwrites the subject's keys there; every reader then gets the replacement its messages "
        + "declare for the subject's personal fields. Run it on the host that writes the subjects queue; the other "
        + "hosts overwrite their copies as the record reaches them, or at their next start.")
final class ForgetCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SUBJECT", description = "the data subject, as its @DataSubject field holds it")
    String subject;

    @Parameters(index = "1", paramLabel = "SERVICES_YAML", description = "the deployment")
    Path servicesYaml;

    @Option(names = "--host", paramLabel = "NAME", defaultValue = "${env:CELERITY_HOST}",
            description = "the host this machine is, in a deployment over several hosts (default: $CELERITY_HOST)")
    String host;

    @Override
    public Integer call() {
        CelerityConfig config = CelerityConfig.loadWithoutComponents(servicesYaml);
        if (!config.hosts().isEmpty()) {
            if (host == null || host.isBlank() || !config.hosts().containsKey(host))
                throw new IllegalArgumentException("give --host NAME (or CELERITY_HOST), the host this machine is: one "
                        + "of " + config.hosts().keySet());
            config = config.onHost(host);
        }
        String by = SubjectKeys.operator();
        int keys;
        try (QueueEncryption encryption = new QueueEncryption(config)) {
            keys = encryption.subjectKeys().forget(subject, by);
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        System.out.printf("forgot data subject '%s' (by %s): %d key(s) overwritten in queue '%s' on this host%n",
                subject, by, keys, config.keys().subjects());
        return 0;
    }
}
