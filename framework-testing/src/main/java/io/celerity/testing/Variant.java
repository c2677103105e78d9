package io.celerity.testing;

import java.util.List;

/**
 * A generated test: a scenario's input changed by one agitation, or two scenarios' inputs run one after the other.
 *
 * @param name        its expected file is {@code out-<name>.yaml}
 * @param description how it differs from the scenario, as a test name and an output comment
 */
record Variant(Scenario scenario, String name, String description, List<YamlEvent> setup, List<YamlEvent> events) {
}
