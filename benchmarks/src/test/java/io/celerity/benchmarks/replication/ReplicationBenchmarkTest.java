package io.celerity.benchmarks.replication;

import io.celerity.benchmarks.Bench;
import io.celerity.benchmarks.hop.PeerHopsTest;
import io.celerity.benchmarks.hop.PeerHopsTest.TinyRun;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replication benchmarks run: every document comes back acknowledged; how fast is the benchmarks' question. */
class ReplicationBenchmarkTest {

    @TempDir
    Path out;

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = DriverMode.class, names = {"INVOKER", "SHARED_BACKOFF"})
    void everyDocumentIsAcknowledgedAfterItsAppendOnTheReplica(DriverMode mode) throws Exception {
        TinyRun run = PeerHopsTest.runTiny("replication", o -> new ReplicationHop(mode, LoopIdle.SPIN, null, -1), out);
        PeerHopsTest.assertEveryMessageArrivedTimedWithinTheRun(run);
        Histogram appended = run.result().runs().get(0).histograms().get(ReplicationHop.ON_REPLICA);
        assertEquals(run.result().runs().get(0).endToEnd().getTotalCount(), appended.getTotalCount(),
                "documents timed on the replica");
    }

    @Test
    void everyPingComesBackOverUdp() throws Exception {
        PeerHopsTest.assertEveryMessageArrivedTimedWithinTheRun(
                PeerHopsTest.runTiny("aeron-udp", o -> new AeronUdpPing(DriverMode.INVOKER, LoopIdle.SPIN, null, -1), out));
    }

    @Test
    void throughputStreamsABacklogThenKeepsRates() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream console = System.out;
        int status;
        try (PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            status = new CommandLine(new Bench()).execute("replication-throughput", "--documents", "2000",
                    "--size", "200", "--rates", "1000", "--seconds", "1");
        } finally {
            System.setOut(console);
        }
        String text = printed.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, text);
        assertTrue(text.contains("backlog to an empty replica: 2,000 documents acknowledged"), text);
        assertTrue(text.contains("sustained 1,000 docs/s for 1 s"), text);
    }
}
