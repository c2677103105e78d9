package io.celerity.examples.matching;

import io.celerity.config.StateRebuild;
import io.celerity.testing.Agitation;
import io.celerity.testing.RunMode;
import io.celerity.testing.YamlTests;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.Map;
import java.util.stream.Stream;

/** The matching engine tested as data: orders and cancels in in.yaml, execution reports and level updates expected. */
class MatchingYamlTest {

    /** Small capacities: each test builds a fresh engine, and the scenarios rest only a few orders. */
    private static final Map<String, Object> SETTINGS = Map.of("tickSize", 0.01, "expectedOrders", 64,
            "expectedLevels", 32, "levelsPerSide", 8, "expectedSymbols", 4);

    @TestFactory
    Stream<DynamicTest> matchingEngine() {
        return YamlTests.of(MatchingEngine.class)
                .settings(SETTINGS)
                .directories("yaml/matching/resting", "yaml/matching/crossing", "yaml/matching/sweep",
                        "yaml/matching/market", "yaml/matching/cancels", "yaml/matching/rejects")
                .modes(RunMode.DIRECT, RunMode.QUEUE)
                .rebuildState(StateRebuild.REPLAY_INPUTS) // as deployed in matching/services.yaml
                .agitate(Agitation.values())
                .tests();
    }

    /** The book survives a crash after every input: the host rebuilds it by replaying the orders before resuming. */
    @TestFactory
    Stream<DynamicTest> matchingEngineAcrossRestarts() {
        return YamlTests.of(MatchingEngine.class)
                .settings(SETTINGS)
                .directories("yaml/matching/cancels")
                .modes(RunMode.RESTART)
                .rebuildState(StateRebuild.REPLAY_INPUTS)
                .tests();
    }
}
