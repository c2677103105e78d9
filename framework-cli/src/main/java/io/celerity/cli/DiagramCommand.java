package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/** {@code celerity diagram services.yaml}: the service graph as Graphviz DOT, and as SVG when {@code dot} is installed. */
@Command(name = "diagram", description = "Prints the service graph of a services.yaml as Graphviz DOT; "
        + "also writes SVG when Graphviz's dot is on the PATH.")
final class DiagramCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SERVICES_YAML", description = "the deployment to draw")
    Path servicesYaml;

    @Option(names = "--svg", paramLabel = "FILE", description = "where to write the SVG (default: beside the YAML, .svg)")
    Path svg;

    @Override
    public Integer call() throws IOException, InterruptedException {
        CelerityConfig config = CelerityConfig.load(servicesYaml);
        String dot = ServiceGraph.dot(config);
        System.out.print(dot);
        Path target = svg != null ? svg : servicesYaml.resolveSibling(baseName(servicesYaml) + ".svg");
        if (renderSvg(dot, target))
            System.err.println("celerity: wrote " + target);
        else
            System.err.println("celerity: Graphviz 'dot' not found on the PATH; DOT only (render it with dot -Tsvg)");
        return 0;
    }

    private static boolean renderSvg(String dot, Path target) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder("dot", "-Tsvg", "-o", target.toString())
                    .redirectErrorStream(true).start();
        } catch (IOException notInstalled) {
            return false;
        }
        try (var in = process.getOutputStream()) {
            in.write(dot.getBytes(StandardCharsets.UTF_8));
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0)
            throw new IOException("dot failed: " + output);
        return Files.exists(target);
    }

    private static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
