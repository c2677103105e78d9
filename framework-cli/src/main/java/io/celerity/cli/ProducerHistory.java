package io.celerity.cli;

import net.openhft.chronicle.wire.VanillaMessageHistory;

/**
 * The message history {@code send} writes with each event: no source (it read no queue) and the time of the write,
 * as any Chronicle producer that records history writes it. A service reading the event then records its own hop as
 * the history's last source, which is all a restart looks at, and the queue hop's latency can be timed.
 */
final class ProducerHistory extends VanillaMessageHistory {

    ProducerHistory() {
        addSourceDetails(true);
    }

    @Override
    public void reset(int ignoredSourceId, long ignoredIndex) {
        reset(); // the YAML reader's document is no source of the event
    }
}
