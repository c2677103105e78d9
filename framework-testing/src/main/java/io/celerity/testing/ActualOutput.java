package io.celerity.testing;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.VanillaMethodWriterBuilder;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

/**
 * What a component emitted during a test, as YAML: the input's comment, then each output document, then any
 * exception the component threw.
 */
final class ActualOutput {

    private final Wire wire = WireType.YAML_ONLY.apply(Bytes.allocateElasticOnHeap());
    private final Object writer;
    private final StringBuilder text = new StringBuilder();
    private final List<String> messages = new ArrayList<>();
    private int messagesAtEventStart;

    ActualOutput(List<Class<?>> outputInterfaces) {
        if (outputInterfaces.isEmpty()) {
            writer = null;
            return;
        }
        VanillaMethodWriterBuilder<?> builder =
                (VanillaMethodWriterBuilder<?>) wire.methodWriterBuilder(outputInterfaces.get(0));
        outputInterfaces.subList(1, outputInterfaces.size()).forEach(builder::addInterface);
        writer = builder.build();
        if (Proxy.isProxyClass(writer.getClass()))
            throw new IllegalStateException("Chronicle fell back to a proxy YAML method writer for "
                    + outputInterfaces + "; run tests with the build's JVM flags");
    }

    /** The object the component emits on: implements every output interface. */
    Object writer() {
        return writer;
    }

    /** Starts the output of the next input event with the comment written above it. */
    void startEvent(String comment) {
        text.append(comment);
        messagesAtEventStart = messages.size();
    }

    /** Ends the output of an input event, saying so when it produced nothing, so the story stays readable. */
    void endEvent() {
        if (messages.size() == messagesAtEventStart)
            text.append("# no output\n");
    }

    /** Moves what the writer wrote since the last call into the output, one message per document. */
    void collect() {
        String written = wire.toString();
        wire.clear();
        int start = 0;
        for (int end = written.indexOf("...\n"); end >= 0; end = written.indexOf("...\n", start)) {
            messages.add(written.substring(start, end + 4));
            start = end + 4;
        }
        text.append(written);
    }

    /** Adds YAML text written elsewhere, e.g. read back from an output queue. */
    Wire wire() {
        return wire;
    }

    void exception(Throwable thrown) {
        collect();
        try (DocumentContext dc = wire.writingDocument()) {
            dc.wire().write("exception").text(thrown.toString());
        }
        collect();
    }

    /** Forgets what was written so far: setup output is not part of the test. */
    void discard() {
        wire.clear();
        text.setLength(0);
        messages.clear();
    }

    String text() {
        return text.toString();
    }

    /** Each output document and exception, for telling which tests produce something new. */
    List<String> messages() {
        return messages;
    }
}
