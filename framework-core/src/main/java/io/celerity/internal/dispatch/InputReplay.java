package io.celerity.internal.dispatch;

import io.celerity.internal.history.InputHistory;
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
    private int seekAgain = -1; // the input whose last replay failed to find its index

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
        // Replays mostly read on from the previous one: seek only when the next index is not the one wanted (or
        // the last attempt failed, which may have left the tailer's index there).
        if ((tailer.index() != index || input == seekAgain) && !seek(tailer, input, index))
            return false;
        seekAgain = -1;
        try (DocumentContext in = tailer.readingDocument()) {
            if (!in.isPresent() || in.index() != index) {
                in.rollbackOnClose();
                seekAgain = input;
                return false; // not complete here yet
            }
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

    // False while the input's copy does not hold the index yet; throws when it no longer does.
    private boolean seek(ExcerptTailer tailer, int input, long index) {
        if (tailer.moveToIndex(index))
            return true;
        seekAgain = input;
        if (index > tailer.queue().lastIndex())
            return false; // not copied here yet
        if (tailer.moveToIndex(index)) // written between the two looks
            return true;
        throw new IllegalStateException("service '" + service + "': cannot rebuild its state: input '"
                + readQueues.get(input) + "' no longer holds index " + Long.toHexString(index));
    }
}
