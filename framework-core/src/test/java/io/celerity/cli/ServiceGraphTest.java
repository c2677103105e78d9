package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.Recorder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The diagram draws an errors queue, with an edge of its own style from each service reporting to it. */
class ServiceGraphTest {

    @TempDir
    Path dir;

    @Test
    void anErrorsQueueIsANodeWithADottedRedEdgeFromItsService() {
        CelerityConfig config = CelerityConfig.builder()
                .queue("notes", dir.resolve("notes"))
                .queue("ticks", dir.resolve("ticks"))
                .queue("out", dir.resolve("out"))
                .queue("errors", dir.resolve("errors"))
                .service(ServiceConfig.of("recorder", Recorder.class, List.of("notes", "ticks"), "out")
                        .withErrors("errors"))
                .build();
        String dot = ServiceGraph.dot(config);
        assertTrue(dot.contains("\"q:errors\" [shape=cylinder, label=\"errors\"];"), dot);
        assertTrue(dot.contains("\"s:recorder\" -> \"q:errors\" [style=dotted, color=red, fontcolor=red, "
                + "label=\"errors\"];"), dot);
        assertTrue(dot.contains("\"s:recorder\" -> \"q:out\";"), dot);
        assertEquals(1, dot.split("-> \"q:errors\"", -1).length - 1, dot);
    }

    @Test
    void aServiceWithoutAnErrorsQueueHasNoErrorsEdge() {
        CelerityConfig config = CelerityConfig.builder()
                .queue("notes", dir.resolve("notes"))
                .queue("ticks", dir.resolve("ticks"))
                .queue("out", dir.resolve("out"))
                .service(ServiceConfig.of("recorder", Recorder.class, List.of("notes", "ticks"), "out"))
                .build();
        assertFalse(ServiceGraph.dot(config).contains("label=\"errors\""));
    }
}
