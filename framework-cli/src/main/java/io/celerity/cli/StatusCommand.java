package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.internal.operations.ReportedFailures;
import io.celerity.internal.operations.ServiceProgress;
import io.celerity.internal.operations.StatusFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code celerity status services.yaml}: per service, whether it runs, its counters and the lag of each input. A
 * service with a heartbeat that has written nothing for three heartbeat periods is reported STALLED. Messages in and
 * out are counted from the queues, so they are current and survive restarts, and so are errors when the service has an
 * {@code errors} queue; it needs no component class. With {@code --host}, the part of a deployment over several hosts
 * that runs on this machine, and the copying of its queues ({@link ReplicationStatus}).
 */
@Command(name = "status", description = "Shows, per service: running, stalled or stopped; messages in and out; "
        + "errors; and the lag of each input (messages written after the last one processed). With --host, that "
        + "host's services and, per copied queue, each sink's acknowledged index, lag, resumes and any failure; with a "
        + "cluster, the host's member's role and term, and whether it is primary or standby of each available service.")
final class StatusCommand implements java.util.concurrent.Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SERVICES_YAML", description = "the deployment to inspect")
    Path servicesYaml;

    @Option(names = "--host", paramLabel = "NAME", defaultValue = "${env:CELERITY_HOST}",
            description = "the host of a deployment over several hosts this machine runs: its services, and the "
                    + "copies of its queues (default: CELERITY_HOST)")
    String hostName;

    @Override
    public Integer call() throws IOException {
        CelerityConfig config = CelerityConfig.loadWithoutComponents(servicesYaml);
        String host = host(config);
        if (host != null)
            System.out.printf("host %s of %s%n", host, config.hosts().keySet());
        else if (!config.hosts().isEmpty())
            System.out.printf("a deployment over hosts %s: give --host NAME (or CELERITY_HOST) for the part this "
                    + "machine runs and the copies of its queues%n", config.hosts().keySet());
        System.out.printf("%-20s %-28s %12s %12s %8s %12s  %s%n", "service", "state", "in", "out", "errors",
                "last write", "lag per input");
        for (ServiceConfig service : config.services().values()) {
            if (host != null && !writtenOn(config, service.output(), host) && !host.equals(service.standby()))
                continue; // runs on another host: its files are there
            printService(config, service);
        }
        if (host != null)
            ReplicationStatus.print(config, host);
        if (host != null && config.cluster() != null)
            HighAvailabilityStatus.print(config, host);
        FixStatus.print(config);
        return 0;
    }

    private String host(CelerityConfig config) {
        if (hostName == null || hostName.isBlank())
            return null;
        if (!config.hosts().containsKey(hostName))
            throw new IllegalArgumentException("host '" + hostName + "' is not declared in " + servicesYaml
                    + (config.hosts().isEmpty() ? ", which declares no hosts: leave --host out"
                    : "; expected one of " + config.hosts().keySet()));
        return hostName;
    }

    private static boolean writtenOn(CelerityConfig config, String queue, String host) {
        QueueConfig q = config.queues().get(queue);
        return q.replication() == null || q.replication().source().equals(host);
    }

    private static void printService(CelerityConfig config, ServiceConfig service) throws IOException {
        Optional<Map<String, Object>> status = StatusFile.read(StatusFile.of(config, service));
        ServiceProgress progress;
        try {
            progress = ServiceProgress.of(config, service);
        } catch (IllegalStateException e) {
            // A host creating its queues right now: Chronicle cannot open a queue read-only before its metadata
            System.out.printf("%-20s %-28s %12s %12s %8s %12s  %s%n", service.name(), "queues not readable yet",
                    "-", "-", errors(config, service, status), "-", e.getMessage());
            return;
        }
        System.out.printf("%-20s %-28s %12s %12s %8s %12s  %s%n", service.name(), state(service, status, progress),
                String.format("%,d", progress.inputsProcessed()), String.format("%,d", progress.outputsWritten()),
                errors(config, service, status), age(progress.lastWriteAgeNanos()),
                progress.lagByInput().entrySet().stream().map(e -> e.getKey() + " " + String.format("%,d", e.getValue()))
                        .collect(Collectors.joining(", ")));
    }

    private static String state(ServiceConfig service, Optional<Map<String, Object>> status, ServiceProgress progress) {
        if (status.isEmpty())
            return "not started";
        Map<String, Object> s = status.get();
        String notRunning = notRunning(s);
        if (notRunning != null)
            return notRunning;
        if (service.heartbeat() == null)
            return "running (no heartbeat set)";
        long quietNanos = progress.lastWriteAgeNanos();
        if (quietNanos == ServiceProgress.NEVER || quietNanos > 3 * service.heartbeat().toNanos())
            return "STALLED (no heartbeat)";
        return "running";
    }

    /** Why the process that wrote status {@code s} is not running (stopped, dead), or null when it runs. */
    static String notRunning(Map<String, Object> s) {
        if ("closed".equals(s.get("state")))
            return "stopped";
        if ("stopped".equals(s.get("state")))
            return "STOPPED" + (s.get("reason") == null ? "" : ": " + s.get("reason"));
        long pid = ((Number) s.get("pid")).longValue();
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
            return "dead (pid " + pid + " gone)";
        return null;
    }

    /** Reports on the service's errors queue when it has one (they survive restarts), else the host's own counts. */
    private static String errors(CelerityConfig config, ServiceConfig service, Optional<Map<String, Object>> status) {
        if (service.errors() != null)
            return String.format("%,d", ReportedFailures.count(config, service.errors(), service.name()));
        return status.map(s -> String.format("%,d", ((Number) s.get("handlerErrors")).longValue()
                + ((Number) s.get("badMessages")).longValue())).orElse("-");
    }

    private static String age(long nanos) {
        if (nanos == ServiceProgress.NEVER)
            return "never";
        return String.format("%.1f s ago", nanos / 1e9);
    }
}
