package io.celerity.testing;

import io.celerity.config.StateRebuild;
import io.celerity.internal.component.ComponentType;
import io.celerity.internal.component.SettingsBinder;

import java.util.Map;

/**
 * The component under test: its class, inspected, the settings it is built with, and how it rebuilds its state.
 *
 * @param type           as the runtime deploys it: the interfaces it implements to be given its state back (its
 *                       outputs with REPLAY_OUTPUTS, its snapshot's) are not among its inputs
 * @param snapshotMethod the method that writes its snapshot, or {@code null} for none
 * @param encrypted      whether QUEUE and RESTART runs encrypt every queue at rest
 */
record TestSubject(ComponentType type, Map<String, Object> settings, StateRebuild rebuild, String snapshotMethod,
                   boolean encrypted) {

    static TestSubject of(Class<?> componentClass, Map<String, Object> settings, StateRebuild rebuild,
                          String snapshotMethod, boolean encrypted) {
        ComponentType type = ComponentType.of(componentClass);
        type = type.withoutInputs(type.stateInterfaces(rebuild == StateRebuild.REPLAY_OUTPUTS, snapshotMethod));
        return new TestSubject(type, Map.copyOf(settings), rebuild, snapshotMethod, encrypted);
    }

    String name() {
        return type.implClass().getSimpleName();
    }

    Object newInstance(Object output, TestClock clock) {
        Object boundSettings = type.settingsType() == null ? null : SettingsBinder.bind(type.settingsType(), settings);
        return type.newInstance(output, clock.context(name()), boundSettings);
    }
}
