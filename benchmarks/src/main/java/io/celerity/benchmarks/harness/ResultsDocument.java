package io.celerity.benchmarks.harness;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

import java.util.ArrayList;
import java.util.List;

/** The JSON form of a benchmark's results (or of one run): setup, machine, allocation, and figures per probe. */
public final class ResultsDocument extends SelfDescribingMarshallable {
    String benchmark;
    String setup;
    String machine;
    double allocatedBytesPerMessage;
    double achievedRate;
    List<ProbeFigures> figures = new ArrayList<>();
}
