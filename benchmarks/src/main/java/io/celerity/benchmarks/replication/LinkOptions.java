package io.celerity.benchmarks.replication;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** Where hosts A and B run and how their threads idle: a picocli mixin shared by the replication benchmarks. */
public final class LinkOptions {

    @Option(names = "--driver-mode", description = "how each side's media driver runs: ${COMPLETION-CANDIDATES} "
            + "(default: ${DEFAULT-VALUE})")
    DriverMode driverMode = DriverMode.INVOKER;

    @Option(names = "--loop-idle", description = "what each side's replication thread does when idle: "
            + "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    LoopIdle loopIdle = LoopIdle.SPIN;

    @Option(names = "--hosts", description = "A and B as separate processes on two test hosts (network namespaces "
            + "with veth when root on Linux, else loopback) instead of both in this process on loopback")
    boolean hosts;

    @Option(names = "--remote-link", hidden = true, description = "A-HOST:PORT,B-HOST:PORT: B runs in a ReplicaHost "
            + "process of its own (set by --hosts)")
    String remoteLink;

    @Option(names = "--where", hidden = true, description = "how A and B are placed, for the report (set by --hosts)")
    String where;

    /** Where B is when it runs in a process of its own, or null when it runs in this one. */
    LinkAddresses remote() {
        return remoteLink == null ? null : LinkAddresses.parse(remoteLink);
    }

    /** How A and B are placed, for the report. */
    String placement() {
        return where != null ? where : "A and B in this process over loopback 127.0.0.1, distinct ports, a media "
                + "driver each";
    }

    /** This command again, with A and B on hosts of their own; its exit status. */
    int runOnHosts(CommandSpec spec, PrintStream out) throws Exception {
        // The whole command line as given (from the command's name on), for A's process.
        List<String> args = new ArrayList<>(spec.commandLine().getParseResult().originalArgs());
        args.remove("--hosts");
        return HostsRun.run(args, driverMode, loopIdle, out);
    }
}
