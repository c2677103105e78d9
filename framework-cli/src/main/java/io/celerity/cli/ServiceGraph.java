package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;

/**
 * A deployment drawn as a Graphviz DOT graph: queues as cylinders, services as boxes, arrows the way messages flow
 * (snapshots dashed, failed inputs reported to an errors queue dotted red).
 */
final class ServiceGraph {
    private ServiceGraph() {
    }

    static String dot(CelerityConfig config) {
        StringBuilder dot = new StringBuilder("digraph celerity {\n")
                .append("  rankdir=LR;\n")
                .append("  node [fontname=\"Helvetica\", fontsize=11];\n");
        config.queues().keySet().forEach(queue ->
                dot.append("  ").append(id("q", queue)).append(" [shape=cylinder, label=").append(quote(queue))
                        .append("];\n"));
        for (ServiceConfig service : config.services().values()) {
            String implClass = service.implClass().substring(service.implClass().lastIndexOf('.') + 1);
            dot.append("  ").append(id("s", service.name())).append(" [shape=box, style=rounded, label=")
                    .append(quote(service.name() + "\\n" + implClass + "\\nloop: " + service.eventLoop()))
                    .append("];\n");
            for (String input : service.inputs())
                dot.append("  ").append(id("q", input)).append(" -> ").append(id("s", service.name())).append(";\n");
            if (service.control() != null)
                dot.append("  ").append(id("q", service.control())).append(" -> ").append(id("s", service.name()))
                        .append(" [label=\"control\"];\n");
            dot.append("  ").append(id("s", service.name())).append(" -> ").append(id("q", service.output()))
                    .append(";\n");
            if (service.snapshot() != null)
                dot.append("  ").append(id("s", service.name())).append(" -> ")
                        .append(id("q", service.snapshot().queue())).append(" [style=dashed, label=\"snapshots\"];\n");
            if (service.errors() != null)
                dot.append("  ").append(id("s", service.name())).append(" -> ").append(id("q", service.errors()))
                        .append(" [style=dotted, color=red, fontcolor=red, label=\"errors\"];\n");
        }
        return dot.append("}\n").toString();
    }

    /** Node ids are prefixed so a queue and a service may share a name. */
    private static String id(String prefix, String name) {
        return quote(prefix + ":" + name);
    }

    private static String quote(String text) {
        return '"' + text.replace("\"", "\\\"") + '"';
    }
}
