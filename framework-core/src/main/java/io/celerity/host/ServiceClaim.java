package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A running service's claim on its output queue, so that no second instance processes its inputs again: one lock
 * on its name and one on each input's source id, in the output queue's directory (Chronicle ignores other files).
 * The source-id locks also keep out a service of another configuration that reads one of its queues into the same
 * output, which restart could not tell apart from it.
 */
final class ServiceClaim implements AutoCloseable {

    private final List<ClaimLock> locks;

    private ServiceClaim(List<ClaimLock> locks) {
        this.locks = locks;
    }

    /** Where the claim on {@code service}'s name lives. */
    public static Path nameFile(CelerityConfig config, ServiceConfig service) {
        return outputDir(config, service).resolve("celerity-" + service.name() + ".lock");
    }

    private static Path outputDir(CelerityConfig config, ServiceConfig service) {
        return config.queues().get(service.output()).path();
    }

    /**
     * Claims {@code service}, or throws naming the live instance that holds it; a dead holder's claim is taken over.
     */
    public static ServiceClaim take(CelerityConfig config, ServiceConfig service) {
        RunningInstance me = HolderRecord.thisProcess(service.name(), config.source());
        List<ClaimLock> taken = new ArrayList<>();
        try {
            taken.add(lock(nameFile(config, service), me, service, null));
            for (String input : service.readQueues()) {
                QueueConfig q = config.queues().get(input);
                Path file = outputDir(config, service).resolve("celerity-source-" + q.sourceId() + ".lock");
                taken.add(lock(file, me, service, "input '" + input + "' (source id " + q.sourceId() + ")"));
            }
            return new ServiceClaim(taken);
        } catch (RuntimeException e) {
            taken.forEach(ClaimLock::close);
            throw e;
        }
    }

    private static ClaimLock lock(Path file, RunningInstance me, ServiceConfig service, String input) {
        try {
            return ClaimLock.take(file, me);
        } catch (ClaimLock.Held held) {
            throw refusal(service, input, held.holder, file);
        } catch (IOException e) {
            throw new UncheckedIOException("service '" + service.name() + "': cannot take its claim " + file
                    + " to make sure it runs only once: " + e, e);
        }
    }

    private static ServiceAlreadyRunningException refusal(ServiceConfig s, String input, RunningInstance holder, Path file) {
        String who = holder == null ? "its holder is still starting" : holder.describe();
        String message = input == null || holder == null || holder.service().equals(s.name())
                ? "service '" + s.name() + "' is already running (" + who + "); a second instance would process its "
                + "inputs again: stop that one first (claim " + file + ")"
                : "service '" + s.name() + "' cannot start: service '" + holder.service() + "' (" + who + ") already "
                + "writes what it reads from " + input + " to queue '" + s.output() + "'; the two would each process "
                + "that input and a restart could not tell them apart (claim " + file + ")";
        return new ServiceAlreadyRunningException(message, holder);
    }

    /** Releases every lock, so another instance may start. Idempotent. */
    @Override
    public void close() {
        locks.forEach(ClaimLock::close);
    }
}
