package io.celerity.testing;

import io.celerity.component.ComponentType;
import io.celerity.config.SettingsBinder;

import java.util.Map;

/** The component under test: its class, inspected, and the settings it is built with. */
record TestSubject(ComponentType type, Map<String, Object> settings) {

    static TestSubject of(Class<?> componentClass, Map<String, Object> settings) {
        return new TestSubject(ComponentType.of(componentClass), Map.copyOf(settings));
    }

    String name() {
        return type.implClass().getSimpleName();
    }

    Object newInstance(Object output, TestClock clock) {
        Object boundSettings = type.settingsType() == null ? null : SettingsBinder.bind(type.settingsType(), settings);
        return type.newInstance(output, clock.context(name()), boundSettings);
    }
}
