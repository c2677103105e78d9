package io.celerity.torture;

import io.celerity.examples.demo.DemoFiles;
import io.celerity.testhosts.Hosts;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The OMS over three hosts with its order manager highly available, as a demo: starts hosts a, b and c (network
 * namespaces where the machine allows) running the examples' {@code oms/ha/services.yaml}, sends requests on host a,
 * printing who is primary and each queue's progress every second; half-way through hits the primary (kill -9,
 * SIGSTOP or its link cut), shows the standby taking over and the old primary rejoining, then prints the answers on
 * a, the failover time and whether every copy is its source.
 */
@Command(name = "oms-ha-demo", mixinStandardHelpOptions = true,
        description = "Runs the OMS with a highly available order manager over three hosts and fails its primary over.")
public final class OmsHaDemo implements Callable<Integer> {

    @Option(names = "--requests", defaultValue = "20000", description = "requests to send (default ${DEFAULT-VALUE})")
    int requests;

    @Option(names = "--rate", defaultValue = "1000", description = "requests per second (default ${DEFAULT-VALUE})")
    int rate;

    @Option(names = "--fault", defaultValue = "KILL", description = "what hits the order manager's primary half-way "
            + "through: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}; CUT needs network namespaces)")
    HaFault.Kind fault;

    @Option(names = "--down-millis", defaultValue = "3000",
            description = "how long a STOP or CUT lasts (default ${DEFAULT-VALUE})")
    long downMillis;

    @Mixin
    HostJvmOptions jvmOptions;

    @Option(names = "--dir", defaultValue = "data/oms-ha",
            description = "working directory, cleared first; a directory per host (default ${DEFAULT-VALUE})")
    Path dir;

    public static void main(String[] args) {
        System.exit(new CommandLine(new OmsHaDemo()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Path root = DemoFiles.dataDirectory(dir, true);
        try (Hosts hosts = Hosts.create(OmsHostsDeployment.HOSTS.toArray(String[]::new))) {
            if (fault == HaFault.Kind.CUT && !hosts.isolated())
                throw new CommandLine.ParameterException(new CommandLine(this),
                        "--fault CUT: no network namespaces here, so no link of its own to cut; use KILL or STOP");
            System.out.printf("hosts %s: %s; each runs `celerity run services.yaml --host NAME` in %s/NAME; the order "
                            + "manager's primary is c, its standby b%n", hosts.all(),
                    hosts.isolated() ? "network namespaces" : "loopback (no network namespaces here)", root);
            long halfWay = requests * 1_000L / rate / 2;
            HaFault plan = new HaFault(fault, halfWay, fault == HaFault.Kind.KILL ? 0 : downMillis);
            HaTrial.Result r = HaTrial.run(root, hosts, requests, rate, 10_000, jvmOptions.values, List.of(plan),
                    null, System.out::println);
            AnswerTally.read(root.resolve(OmsHostsDeployment.ENTRY).resolve("reports")).print(System.out);
            System.out.printf("first primary %s; %s; stopped by themselves and started again: %s; copies moved "
                    + "aside: %s%n", r.firstPrimary(), r.failovers(), r.selfStops(), r.movedAside());
            System.out.println(r.diverged().isEmpty() ? "every copy is its source, document by document, byte for byte"
                    : "copies that differ from their source: " + r.diverged());
            if (!r.problems().isEmpty())
                System.out.println("problems: " + r.problems()
                        + (r.threadDumps().isEmpty() ? "" : "; " + r.threadDumps()));
            return r.clean() ? 0 : 1;
        }
    }
}
