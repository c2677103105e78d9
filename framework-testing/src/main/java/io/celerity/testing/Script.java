package io.celerity.testing;

import java.util.List;
import java.util.function.Consumer;

/** Plays a test's events in order: {@code time:} events move the clock, the others reach the component. */
final class Script {

    private Script() {
    }

    static void play(List<YamlEvent> events, TestClock clock, ActualOutput out, Consumer<YamlEvent> dispatch) {
        StringBuilder comment = new StringBuilder(); // a comment above a time: event goes with the next output
        for (YamlEvent e : events) {
            comment.append(e.comment());
            if (e.isTime()) {
                clock.set(e);
                continue;
            }
            out.startEvent(comment.toString());
            comment.setLength(0);
            dispatch.accept(e);
            out.endEvent();
        }
    }
}
