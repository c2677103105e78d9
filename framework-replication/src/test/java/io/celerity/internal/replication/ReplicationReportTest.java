package io.celerity.internal.replication;

import io.celerity.config.CelerityConfig;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a host reports of its copied queues: at the source, each sink's acknowledged index and the documents it lacks,
 * counted from the source queue; in the status file beside the queue and on the metrics endpoint.
 */
class ReplicationReportTest {

    @TempDir
    Path dir;

    @Test
    void theLagIsTheDocumentsAfterWhatTheSinkAcknowledged() {
        try (ChronicleQueue out = SingleChronicleQueueBuilder.binary(dir.resolve("out")).build();
             ExcerptAppender appender = out.createAppender()) {
            SetLink a = new SetLink("out", "a", true);
            ReplicationReport report = new ReplicationReport("b", List.of(a), q -> out);
            assertEquals(0, report.lag(a), "an empty queue lacks nothing");
            long[] indexes = new long[10];
            for (int i = 0; i < 10; i++) {
                appender.writeText("document " + i);
                indexes[i] = appender.lastIndexAppended();
            }
            assertEquals(10, report.lag(a), "nothing acknowledged: the whole queue");
            a.acked = indexes[3];
            assertEquals(6, report.lag(a));
            a.acked = indexes[9];
            assertEquals(0, report.lag(a));
            assertEquals(indexes[9], report.lastIndex("out"));
            assertEquals(ReplicationReport.UNKNOWN, report.lag(new SetLink("out", "b", false)), "a sink cannot know");
        }
    }

    @Test
    void theStatusFileAndTheMetricsShowEachSinkAndEachReplica() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), ThreeHosts.YAML);
        CelerityConfig config = CelerityConfig.loadWithoutComponents(yaml);
        try (ChronicleQueue out = SingleChronicleQueueBuilder.binary(dir.resolve("out")).build();
             ChronicleQueue in = SingleChronicleQueueBuilder.binary(dir.resolve("in")).build();
             ExcerptAppender appender = out.createAppender()) {
            for (int i = 0; i < 5; i++)
                appender.writeText("document " + i);
            long last = appender.lastIndexAppended();
            ReplicationReport report = ThreeHosts.hostB(out, in);
            ReplicationStatusFile.writeAll(config, report, "running");
            Map<String, Object> source = ReplicationStatusFile.read(ReplicationStatusFile.of(config, "out")).orElseThrow();
            assertEquals("b", source.get("host"));
            assertEquals("source", source.get("role"));
            assertEquals(last, ((Number) source.get("lastIndex")).longValue());
            Map<?, ?> sinkA = (Map<?, ?>) ((Map<?, ?>) source.get("sinks")).get("a");
            assertEquals(last - 2, ((Number) sinkA.get("ackedIndex")).longValue());
            assertEquals(2L, ((Number) sinkA.get("lag")).longValue());
            assertEquals(3L, ((Number) sinkA.get("resumes")).longValue());
            assertFalse(sinkA.containsKey("failure"));
            Map<?, ?> sinkC = (Map<?, ?>) ((Map<?, ?>) source.get("sinks")).get("c");
            assertEquals(ThreeHosts.FAILURE, sinkC.get("failure"));
            assertEquals(5L, ((Number) sinkC.get("lag")).longValue());
            Map<String, Object> sink = ReplicationStatusFile.read(ReplicationStatusFile.of(config, "in")).orElseThrow();
            assertEquals("sink", sink.get("role"));
            assertEquals("c", sink.get("source"));
            assertEquals(-1L, ((Number) sink.get("lastIndex")).longValue());

            StringBuilder text = new StringBuilder();
            new ReplicationMetrics(report).appendTo(text);
            String metrics = text.toString();
            assertTrue(metrics.contains("# TYPE celerity_replica_lag gauge\n"), metrics);
            assertTrue(metrics.contains("celerity_replica_lag{queue=\"out\",source=\"b\",sink=\"a\",side=\"source\"} 2\n"),
                    metrics);
            assertTrue(metrics.contains("celerity_replica_acked_index{queue=\"out\",source=\"b\",sink=\"a\","
                    + "side=\"source\"} " + (last - 2) + "\n"), metrics);
            assertTrue(metrics.contains("celerity_replica_resumes_total{queue=\"out\",source=\"b\",sink=\"a\","
                    + "side=\"source\"} 3\n"), metrics);
            assertTrue(metrics.contains("celerity_replica_failed{queue=\"out\",source=\"b\",sink=\"c\",side=\"source\"} 1\n"),
                    metrics);
            assertTrue(metrics.contains("celerity_replica_lag{queue=\"in\",source=\"c\",sink=\"b\",side=\"sink\"} -1\n"),
                    metrics);
        }
    }
}
