package ${package};

import io.celerity.config.StateRebuild;
import io.celerity.testing.RunMode;
import io.celerity.testing.YamlTests;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.Map;
import java.util.stream.Stream;

/**
 * The order checker tested as data: src/test/resources/yaml/order-checker/in.yaml in, out.yaml expected; called
 * directly, through real queues, and with the service killed and restarted after every input.
 * Accept a changed output with {@code mvn test -Dregress.tests}, then review out.yaml.
 */
class OrderCheckerYamlTest {

    @TestFactory
    Stream<DynamicTest> orderChecker() {
        return YamlTests.of(OrderChecker.class)
                .settings(Map.of("maxDeviation", 0.05))
                .rebuildState(StateRebuild.REPLAY_INPUTS) // as in services.yaml
                .directories("yaml/order-checker")
                .modes(RunMode.DIRECT, RunMode.QUEUE, RunMode.RESTART)
                .tests();
    }

    /** The same files through queues encrypted at rest, as production's may be (encryptionKey in services.yaml). */
    @TestFactory
    Stream<DynamicTest> orderCheckerOverEncryptedQueues() {
        return YamlTests.of(OrderChecker.class)
                .settings(Map.of("maxDeviation", 0.05))
                .rebuildState(StateRebuild.REPLAY_INPUTS)
                .directories("yaml/order-checker")
                .modes(RunMode.QUEUE, RunMode.RESTART)
                .encryptedQueues()
                .tests();
    }
}
