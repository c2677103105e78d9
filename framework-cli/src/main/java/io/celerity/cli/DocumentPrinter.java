package io.celerity.cli;

import io.celerity.internal.history.RecordedHistory;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.TextWire;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import net.openhft.chronicle.wire.VanillaMethodWriterBuilder;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One queue document as a YAML document: its index, its kind, its message history (sources named by queue when the
 * deployment is known) and its events, decoded with the event interfaces when given, else Chronicle's own text form
 * of the binary, else a hex dump (binary DTOs cannot be read without their classes). Never throws on content.
 */
final class DocumentPrinter {

    private final Map<Integer, String> queueNames;
    private final Bytes<?> text = Bytes.allocateElasticOnHeap();
    private final Wire textWire = WireType.TEXT.apply(text);
    private final AbstractGeneratedMethodReader reader; // null without interfaces
    private Class<?> writerClass;
    private final VanillaMessageHistory history = new VanillaMessageHistory();
    private final StringBuilder out = new StringBuilder();
    private String unknownEvent;

    /** @param interfaces the event interfaces to decode with; none for Chronicle's text form */
    DocumentPrinter(ExcerptTailer tailer, List<Class<?>> interfaces, Map<Integer, String> queueNames) {
        this.queueNames = queueNames;
        history.addSourceDetails(false);
        ((TextWire) textWire).useTextDocuments();
        if (interfaces.isEmpty()) {
            reader = null;
            return;
        }
        VanillaMethodWriterBuilder<?> builder = (VanillaMethodWriterBuilder<?>) textWire.methodWriterBuilder(
                interfaces.get(0));
        interfaces.subList(1, interfaces.size()).forEach(builder::addInterface);
        Object writer = builder.build();
        writerClass = writer.getClass();
        reader = io.celerity.internal.chronicle.GeneratedCode.requireGeneratedReader(tailer.methodReaderBuilder()
                .defaultParselet((name, in) -> {
                    unknownEvent = name.toString();
                    in.skipValue();
                }).build(writer), "dump");
    }

    /** The generated classes it decodes with (for {@link CliCode}); none without interfaces. */
    List<Class<?>> generated() {
        return reader == null ? List.of() : List.of(writerClass, reader.getClass());
    }

    /** The document as YAML, ending with a newline. */
    String print(DocumentContext dc) {
        out.setLength(0);
        out.append("---\nindex: 0x").append(Long.toHexString(dc.index())).append('\n');
        Bytes<?> bytes = dc.wire().bytes();
        boolean hasHistory = readHistory(dc);
        long payload = bytes.readPosition();
        if (bytes.readRemaining() == 0) {
            out.append(hasHistory ? "kind: acknowledgement # history only: an input processed, nothing written\n"
                    : "kind: empty\n");
            return appendHistory(hasHistory);
        }
        if (!hasHistory && isHeartbeat(dc))
            return out.toString();
        bytes.readPosition(payload);
        if (reader != null && decode(dc)) {
            appendHistory(hasHistory);
            out.append("events:\n");
            appendEvents();
            return out.toString();
        }
        bytes.readPosition(payload);
        out.append("kind: undecoded # ").append(reader == null ? "no event interface known: --interface CLASS "
                + "(with --classpath), or --config naming the queue's services" : why()).append('\n');
        appendHistory(hasHistory);
        appendRaw(dc, payload);
        return out.toString();
    }

    private String why() {
        return unknownEvent != null ? "event '" + unknownEvent + "' is not in the given interfaces"
                : "the given interfaces could not decode it";
    }

    private boolean readHistory(DocumentContext dc) {
        long start = dc.wire().bytes().readPosition();
        try {
            if (RecordedHistory.read(dc.wire(), history))
                return true;
        } catch (RuntimeException e) {
            // not a history after all (or a damaged one): shown as raw content below
        }
        dc.wire().bytes().readPosition(start);
        return false;
    }

    private boolean isHeartbeat(DocumentContext dc) {
        try {
            if (!"heartbeat".contentEquals(dc.wire().readEvent(String.class)))
                return false;
            long nanos = dc.wire().getValueIn().int64();
            out.append("kind: heartbeat # the writing service was idle, and alive\nheartbeat: ").append(nanos)
                    .append(" # ").append(Instant.ofEpochSecond(0, nanos)).append('\n');
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private boolean decode(DocumentContext dc) {
        text.clear();
        unknownEvent = null;
        try {
            reader.readOne0(dc);
        } catch (RuntimeException e) {
            return false;
        }
        if (unknownEvent != null || text.isEmpty())
            return false;
        out.append("kind: events\n");
        return true;
    }

    private String appendHistory(boolean hasHistory) {
        if (!hasHistory)
            return out.toString();
        out.append("history: { sources: [");
        for (int i = 0; i < history.sources(); i++) {
            int id = history.sourceId(i);
            out.append(i == 0 ? " " : ", ").append(queueNames.getOrDefault(id, "source " + id)).append(" 0x")
                    .append(Long.toHexString(history.sourceIndex(i)));
        }
        out.append(history.sources() == 0 ? "], timings: [" : " ], timings: [");
        for (int i = 0; i < history.timings(); i++)
            out.append(i == 0 ? " " : ", ").append(history.timing(i));
        out.append(history.timings() == 0 ? "] }\n" : " ] }\n");
        return out.toString();
    }

    // The writer printed each call as a text document ending with "...": one list item per call.
    private void appendEvents() {
        boolean first = true;
        for (String line : text.toString().split("\n")) {
            if (line.equals("...") || line.equals("---")) {
                first = true;
                continue;
            }
            if (line.isBlank())
                continue;
            out.append(first ? "  - " : "    ").append(line).append('\n');
            first = false;
        }
    }

    private void appendRaw(DocumentContext dc, long payload) {
        Bytes<?> bytes = dc.wire().bytes();
        text.clear();
        try {
            dc.wire().copyTo(textWire);
            out.append("text: |\n");
            indent(text.toString());
            return;
        } catch (RuntimeException e) {
            // e.g. a binary DTO (BytesInBinaryMarshallable): no self-describing fields to show as text
        }
        out.append("hex: |\n");
        indent(bytes.toHexString(payload, bytes.readLimit() - payload));
    }

    private void indent(String block) {
        for (String line : block.split("\n"))
            if (!line.isBlank())
                out.append("  ").append(line).append('\n');
    }
}
