package io.celerity.testing;

import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.core.util.InvocationTargetRuntimeException;
import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireParselet;

import java.util.List;

/** Runs a test by calling the component directly: no queues, no threads. */
final class DirectRun {

    private DirectRun() {
    }

    static ActualOutput run(TestSubject subject, List<YamlEvent> setup, List<YamlEvent> events) {
        TestClock clock = new TestClock();
        ActualOutput out = new ActualOutput(subject.type().outputInterfaces());
        Object component = subject.newInstance(out.writer(), clock);
        Wire in = YamlInput.wire();
        MethodReader reader = reader(in, (name, v) -> {
            throw new IllegalArgumentException("unknown event '" + name + "' for "
                    + subject.type().implClass().getName() + "; expected a method of "
                    + subject.type().inputInterfaces());
        }, component);
        Script.play(setup, clock, out, e -> dispatch(e, in, reader, out));
        out.discard();
        Script.play(events, clock, out, e -> dispatch(e, in, reader, out));
        return out;
    }

    /** The generated reader of YAML events into {@code component} ({@link HarnessCode} builds it at build time). */
    static MethodReader reader(Wire in, WireParselet unknown, Object component) {
        MethodReader reader = in.methodReaderBuilder().defaultParselet(unknown).build(component);
        if (!(reader instanceof AbstractGeneratedMethodReader))
            throw new IllegalStateException("Chronicle fell back to a reflective YAML method reader for "
                    + component.getClass().getName() + "; run tests with the build's JVM flags");
        return reader;
    }

    private static void dispatch(YamlEvent e, Wire in, MethodReader reader, ActualOutput out) {
        in.clear();
        in.bytes().append(e.yaml());
        try {
            reader.readOne();
        } catch (InvocationTargetRuntimeException thrown) {
            out.exception(thrown.getCause());
            return;
        } catch (VirtualMachineError fatal) {
            throw fatal;
        } catch (Error thrown) {
            out.exception(thrown); // e.g. a failed assert in the handler, shown as the queued modes show it
            return;
        }
        out.collect();
    }
}
