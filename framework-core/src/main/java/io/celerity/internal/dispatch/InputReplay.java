package io.celerity.internal.dispatch;

import io.celerity.internal.restart.StateRebuilder;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
import net.openhft.chronicle.wire.DocumentContext;

import java.util.List;

/** Reads inputs again through a service's own readers while it rebuilds its state; they write nowhere meanwhile. */
final class InputReplay implements StateRebuilder.InputReplay {

    private final String service;
    private final List<String> readQueues;
    private final int[] sourceIds;
    private final ExcerptTailer[] tailers;
    private final AbstractGeneratedMethodReader[] readers;
    private final AllowedTypes allowedTypes;
    private final InputHistory history;

    InputReplay(ServicePlan plan, ExcerptTailer[] tailers, AbstractGeneratedMethodReader[] readers,
                AllowedTypes allowedTypes, InputHistory history) {
        this.service = plan.name();
        this.readQueues = plan.config().readQueues();
        this.sourceIds = plan.sourceIds();
        this.tailers = tailers;
        this.readers = readers;
        this.allowedTypes = allowedTypes;
        this.history = history;
    }

    @Override
    public boolean replay(int input, long index) {
        ExcerptTailer tailer = tailers[input];
        // Replays mostly read on from the previous one: seek only when the next index is not the one wanted.
        if (tailer.index() != index) {
            long last = tailer.queue().lastIndex(); // read first: a copy growing meanwhile is not a gap
            if (!tailer.moveToIndex(index)) {
                if (index > last)
                    return false; // not copied here yet
                throw new IllegalStateException("service '" + service + "': cannot rebuild its state: input '"
                        + readQueues.get(input) + "' no longer holds index " + Long.toHexString(index));
            }
        }
        try (DocumentContext in = tailer.readingDocument()) {
            if (!in.isPresent())
                return false; // its index is known, its document not complete yet
            allowedTypes.applyTo(in.wire());
            history.input(sourceIds[input], index);
            readers[input].readOne0(in);
        } catch (RuntimeException e) {
            // it failed the first time too (handler or decoding); it was counted and reported then
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Error e) {
            // an Error from the handler: it failed the first time too, and was counted and reported then
        }
        return true;
    }
}
