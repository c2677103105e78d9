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

    /** {@link io.celerity.fixtures.Recorder} between notes and ticks and out, reporting to {@code errors} if not null. */
    private CelerityConfig recorder(String errors) {
        CelerityConfig.Builder builder = CelerityConfig.builder();
        for (String queue : List.of("notes", "ticks", "out", "errors"))
            builder.queue(queue, dir.resolve(queue));
        ServiceConfig service = ServiceConfig.of("recorder", Recorder.class, List.of("notes", "ticks"), "out");
        return builder.service(errors == null ? service : service.withErrors(errors)).build();
    }

    @Test
    void anErrorsQueueIsANodeWithADottedRedEdgeFromItsService() {
        String dot = ServiceGraph.dot(recorder("errors"));
        assertTrue(dot.contains("\"q:errors\" [shape=cylinder, label=\"errors\"];"), dot);
        assertTrue(dot.contains("\"s:recorder\" -> \"q:errors\" [style=dotted, color=red, fontcolor=red, "
                + "label=\"errors\"];"), dot);
        assertTrue(dot.contains("\"s:recorder\" -> \"q:out\";"), dot);
        assertEquals(1, dot.split("-> \"q:errors\"", -1).length - 1, dot);
    }

    @Test
    void aServiceWithoutAnErrorsQueueHasNoErrorsEdge() {
        String dot = ServiceGraph.dot(recorder(null));
        assertTrue(dot.contains("\"s:recorder\" -> \"q:out\";"), dot);
        assertFalse(dot.contains("-> \"q:errors\""), dot);
    }
}
