package io.celerity.torture;

import picocli.CommandLine.Option;

import java.util.List;

/** The demos' {@code --host-jvm-options}: what each host process gets besides Chronicle's flags. */
final class HostJvmOptions {

    @Option(names = "--host-jvm-options", defaultValue = "-XX:TieredStopAtLevel=1", split = " ",
            description = "JVM options of the host processes besides Chronicle's flags; the default (C1 only) halves "
                    + "their start-up on a small machine (default ${DEFAULT-VALUE})")
    List<String> values;
}
