package io.celerity.examples.accounts;

import io.celerity.config.StateRebuild;
import io.celerity.testing.Agitation;
import io.celerity.testing.RunMode;
import io.celerity.testing.YamlTests;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

/** The accounts service tested as data: directly, through queues and across restarts, plus the kept agitations. */
class AccountsYamlTest {

    /** One rule each, kept short so that an agitated copy changes little besides what it probes. */
    private static final String[] RULES = {
            "yaml/accounts/happy-path",
            "yaml/accounts/insufficient-funds",
            "yaml/accounts/unknown-account",
            "yaml/accounts/duplicate-account",
            "yaml/accounts/currency-mismatch",
            "yaml/accounts/non-positive-amount",
            "yaml/accounts/open-rules",
            "yaml/accounts/overflow"};

    @TestFactory
    Stream<DynamicTest> rules() {
        return YamlTests.of(AccountService.class)
                .directories(RULES)
                .modes(RunMode.DIRECT, RunMode.QUEUE, RunMode.RESTART)
                .rebuildState(StateRebuild.REPLAY_INPUTS) // as deployed in accounts/services.yaml
                .agitate(Agitation.values())
                .tests();
    }

    /**
     * Twenty accounts and twenty transfers. Not agitated: almost every change to one of its 40 events shifts the
     * balances of the transfers after it, so the harness would keep over 300 generated tests that find nothing the
     * rule scenarios above do not (see docs/_sections/accounts-walkthrough.adoc).
     */
    @TestFactory
    Stream<DynamicTest> twentyByTwenty() {
        return YamlTests.of(AccountService.class)
                .directories("yaml/accounts/twenty-by-twenty")
                .modes(RunMode.DIRECT, RunMode.QUEUE, RunMode.RESTART)
                .rebuildState(StateRebuild.REPLAY_INPUTS)
                .tests();
    }
}
