package io.celerity.testing;

import io.celerity.component.ComponentType;
import io.celerity.config.SettingsBinder;
import io.celerity.config.StateRebuild;

import java.util.Map;

/** The component under test: its class, inspected, the settings it is built with, and how it rebuilds its state. */
record TestSubject(ComponentType type, Map<String, Object> settings, StateRebuild rebuild) {

    static TestSubject of(Class<?> componentClass, Map<String, Object> settings, StateRebuild rebuild) {
        return new TestSubject(ComponentType.of(componentClass), Map.copyOf(settings), rebuild);
    }

    String name() {
        return type.implClass().getSimpleName();
    }

    Object newInstance(Object output, TestClock clock) {
        Object boundSettings = type.settingsType() == null ? null : SettingsBinder.bind(type.settingsType(), settings);
        return type.newInstance(output, clock.context(name()), boundSettings);
    }
}
