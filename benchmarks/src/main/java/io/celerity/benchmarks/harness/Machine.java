package io.celerity.benchmarks.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** What a result was measured on: CPU model, cores, JDK and OS, in one line. */
public final class Machine {
    private Machine() {
    }

    public static String describe() {
        return String.format("%s, %d CPUs, %s %s (%s), %s %s", cpuModel(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name"), System.getProperty("java.version"),
                System.getProperty("java.vendor"), System.getProperty("os.name"), System.getProperty("os.version"));
    }

    private static String cpuModel() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("unknown CPU");
        } catch (IOException | RuntimeException e) {
            return "unknown CPU";
        }
    }
}
