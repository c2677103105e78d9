package io.celerity.testing;

import io.celerity.config.StateRebuild;
import io.celerity.testing.fixtures.OrderGateway;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.Map;
import java.util.stream.Stream;

/** The harness's own YAML tests: a two-input, two-output service in all three modes, plus generated tests. */
class GatewayYamlTest {

    private static final String[] SCENARIOS = {"yaml/gateway/orders", "yaml/gateway/cancels", "yaml/gateway/mixed",
            "yaml/gateway/state"};

    @TestFactory
    Stream<DynamicTest> gateway() {
        return YamlTests.of(OrderGateway.class)
                .settings(Map.of("maxQuantity", 1000))
                .directories(SCENARIOS)
                .modes(RunMode.DIRECT, RunMode.QUEUE, RunMode.RESTART)
                .rebuildState(StateRebuild.REPLAY_INPUTS)
                .agitate(Agitation.values())
                .combinations()
                .tests();
    }
}
