package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.internal.operations.ReportedFailures;
import io.celerity.internal.operations.ServiceProgress;
import io.celerity.internal.operations.StatusFile;
import picocli.CommandLine.Command;
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
 * {@code errors} queue; it needs no component class.
 */
@Command(name = "status", description = "Shows, per service: running, stalled or stopped; messages in and out; "
        + "errors; and the lag of each input (messages written after the last one processed).")
final class StatusCommand implements java.util.concurrent.Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SERVICES_YAML", description = "the deployment to inspect")
    Path servicesYaml;

    @Override
    public Integer call() throws IOException {
        CelerityConfig config = CelerityConfig.loadLayout(servicesYaml);
        System.out.printf("%-20s %-28s %12s %12s %8s %12s  %s%n", "service", "state", "in", "out", "errors",
                "last write", "lag per input");
        for (ServiceConfig service : config.services().values()) {
            Optional<Map<String, Object>> status = StatusFile.read(StatusFile.of(config, service));
            ServiceProgress progress;
            try {
                progress = ServiceProgress.of(config, service);
            } catch (IllegalStateException e) {
                // A host creating its queues right now: Chronicle cannot open a queue read-only before its metadata
                System.out.printf("%-20s %-28s %12s %12s %8s %12s  %s%n", service.name(), "queues not readable yet",
                        "-", "-", errors(config, service, status), "-", e.getMessage());
                continue;
            }
            System.out.printf("%-20s %-28s %12s %12s %8s %12s  %s%n", service.name(), state(service, status, progress),
                    String.format("%,d", progress.inputsProcessed()), String.format("%,d", progress.outputsWritten()),
                    errors(config, service, status), age(progress.lastWriteAgeNanos()),
                    progress.lagByInput().entrySet().stream().map(e -> e.getKey() + " " + String.format("%,d", e.getValue()))
                            .collect(Collectors.joining(", ")));
        }
        return 0;
    }

    private static String state(ServiceConfig service, Optional<Map<String, Object>> status, ServiceProgress progress) {
        if (status.isEmpty())
            return "not started";
        Map<String, Object> s = status.get();
        if ("closed".equals(s.get("state")))
            return "stopped";
        if ("stopped".equals(s.get("state")))
            return "STOPPED: " + s.get("reason");
        long pid = ((Number) s.get("pid")).longValue();
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
            return "dead (pid " + pid + " gone)";
        if (service.heartbeat() == null)
            return "running (no heartbeat set)";
        long quietNanos = progress.lastWriteAgeNanos();
        if (quietNanos == ServiceProgress.NEVER || quietNanos > 3 * service.heartbeat().toNanos())
            return "STALLED (no heartbeat)";
        return "running";
    }

    /** Reports on the service's errors queue when it has one (they survive restarts), else the host's own counts. */
    private static String errors(CelerityConfig config, ServiceConfig service, Optional<Map<String, Object>> status) {
        if (service.errors() != null)
            return String.format("%,d", ReportedFailures.count(config.queues().get(service.errors()).path(),
                    service.name()));
        return status.map(s -> String.format("%,d", ((Number) s.get("handlerErrors")).longValue()
                + ((Number) s.get("badMessages")).longValue())).orElse("-");
    }

    private static String age(long nanos) {
        if (nanos == ServiceProgress.NEVER)
            return "never";
        return String.format("%.1f s ago", nanos / 1e9);
    }
}
