package io.celerity.benchmarks.hop;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs only with {@code -Pkafka}: starts a real broker in a child JVM, so it takes some seconds. */
class KafkaHopTest {
    @TempDir
    Path out;

    @Test
    void isAContenderWhenBuiltWithTheKafkaProfile() {
        assertTrue(HopBenchmark.CONTENDERS.containsKey("kafka"), HopBenchmark.CONTENDERS.keySet()::toString);
    }

    @Test
    void runsAtItsOwnDefaultRateUnlessARateIsGiven() {
        HopBenchmark byDefault = new HopBenchmark();
        new CommandLine(byDefault).parseArgs("--contenders", "chronicle-queue,kafka");
        assertEquals(20_000, byDefault.optionsFor("chronicle-queue").rate);
        assertEquals(2_000, byDefault.optionsFor("kafka").rate);

        HopBenchmark given = new HopBenchmark();
        new CommandLine(given).parseArgs("--contenders", "kafka", "--rate", "20000");
        assertEquals(20_000, given.optionsFor("kafka").rate);
    }

    @Test
    void everyPingComesBackThroughTheBroker() throws Exception {
        PeerHopsTest.assertEveryMessageArrivedTimedWithinTheRun(PeerHopsTest.runTiny("kafka", out));
    }
}
