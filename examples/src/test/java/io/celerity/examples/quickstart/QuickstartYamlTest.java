package io.celerity.examples.quickstart;

import io.celerity.testing.Agitation;
import io.celerity.testing.RunMode;
import io.celerity.testing.YamlTests;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.Map;
import java.util.stream.Stream;

/** The quickstart services tested as data: in.yaml in, out.yaml expected. */
class QuickstartYamlTest {

    @TestFactory
    Stream<DynamicTest> quoteChecker() {
        return YamlTests.of(QuoteChecker.class)
                .settings(Map.of("maxSpread", 0.5))
                .directories("yaml/quickstart/checker")
                .modes(RunMode.DIRECT, RunMode.QUEUE, RunMode.RESTART)
                .agitate(Agitation.values())
                .tests();
    }

    @TestFactory
    Stream<DynamicTest> midPricer() {
        return YamlTests.of(MidPricer.class)
                .directories("yaml/quickstart/pricer")
                .modes(RunMode.DIRECT, RunMode.QUEUE, RunMode.RESTART)
                .tests();
    }
}
