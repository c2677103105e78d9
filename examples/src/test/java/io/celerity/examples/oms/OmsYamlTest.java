package io.celerity.examples.oms;

import io.celerity.config.StateRebuild;
import io.celerity.testing.Agitation;
import io.celerity.testing.RunMode;
import io.celerity.testing.YamlTests;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The three OMS services tested as data, directly, through queues, and across a restart after every input, rebuilding
 * their state as oms/services.yaml deploys them (from a snapshot, taken here after every input) and, for the order
 * manager, by each replay alone.
 */
class OmsYamlTest {

    private static final RunMode[] ALL_MODES = {RunMode.DIRECT, RunMode.QUEUE, RunMode.RESTART};

    @TestFactory
    Stream<DynamicTest> gateway() {
        return YamlTests.of(OrderGateway.class)
                .settings(Map.of("symbols", List.of("VOD.L", "BARC.L")))
                .directories("yaml/oms/gateway/accepted", "yaml/oms/gateway/malformed")
                .modes(ALL_MODES)
                .agitate(Agitation.values())
                .tests();
    }

    @TestFactory
    Stream<DynamicTest> riskCheck() {
        Map<String, Object> limits = Map.of("maxOrderQty", 10_000, "maxOrderNotional", 1_000_000,
                "maxGrossNotional", 1_000_000);
        return YamlTests.of(RiskCheck.class)
                .settings(Map.of("accounts", Map.of("FUND1", limits, "FUND2", limits)))
                .directories("yaml/oms/risk/limits", "yaml/oms/risk/passing")
                .modes(ALL_MODES)
                .rebuildState(StateRebuild.REPLAY_INPUTS)
                .snapshot("writeNotionalUsed")
                .agitate(Agitation.values())
                .tests();
    }

    @TestFactory
    Stream<DynamicTest> orderManager() {
        return orderManagerTests()
                .modes(ALL_MODES)
                .rebuildState(StateRebuild.REPLAY_OUTPUTS)
                .snapshot("writeOrderBook")
                .agitate(Agitation.values())
                .combinations()
                .tests();
    }

    /** Each restart takes back every report written so far: no snapshot. */
    @TestFactory
    Stream<DynamicTest> orderManagerRebuiltFromItsReports() {
        return orderManagerTests().modes(RunMode.RESTART).rebuildState(StateRebuild.REPLAY_OUTPUTS).tests();
    }

    /** Each restart replays every request answered so far: no snapshot. */
    @TestFactory
    Stream<DynamicTest> orderManagerRebuiltFromItsRequests() {
        return orderManagerTests().modes(RunMode.RESTART).rebuildState(StateRebuild.REPLAY_INPUTS).tests();
    }

    private static YamlTests orderManagerTests() {
        return YamlTests.of(OrderManager.class)
                .settings(Map.of("capacity", 64))
                .directories("yaml/oms/manager/lifecycle", "yaml/oms/manager/refusals", "yaml/oms/manager/rejections");
    }
}
