package io.celerity.examples.topofbook;

import io.celerity.testing.RunMode;
import io.celerity.testing.YamlTests;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

/** The echo tested as data: what goes in comes out unchanged, directly, through queues and across restarts. */
class TopOfBookYamlTest {

    @TestFactory
    Stream<DynamicTest> echo() {
        return YamlTests.of(TopOfBookEcho.class)
                .directories("yaml/topofbook/echo")
                .modes(RunMode.DIRECT, RunMode.QUEUE, RunMode.RESTART) // stateless: nothing to rebuild on restart
                .tests();
    }
}
