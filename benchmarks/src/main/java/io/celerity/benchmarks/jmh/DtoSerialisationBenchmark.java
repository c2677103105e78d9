package io.celerity.benchmarks.jmh;

import io.celerity.examples.topofbook.TopOfBook;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.concurrent.TimeUnit;

/**
 * The same seven fields to and from off-heap Bytes, as a fixed binary layout ({@link TopOfBook}, a
 * BytesInBinaryMarshallable) and self-describing ({@link SelfDescribingTopOfBook}, field names included). Both go
 * through the wire a queue uses (BINARY_LIGHT) with the calls generated writers and readers make: {@code marshallable}
 * to write, {@code object(reused, type)} to read into a reused instance.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DtoSerialisationBenchmark {
    private final TopOfBook binaryOut = Samples.topOfBook(new TopOfBook());
    private final TopOfBook binaryIn = new TopOfBook();
    private final SelfDescribingTopOfBook describedOut = Samples.topOfBook(new SelfDescribingTopOfBook());
    private final SelfDescribingTopOfBook describedIn = new SelfDescribingTopOfBook();
    private Bytes<?> binaryBytes;
    private Bytes<?> describedBytes;
    private Wire binaryWire;
    private Wire describedWire;

    @Setup(Level.Trial)
    public void encodeOnce() {
        binaryBytes = Bytes.allocateElasticDirect(256);
        describedBytes = Bytes.allocateElasticDirect(256);
        binaryWire = WireType.BINARY_LIGHT.apply(binaryBytes);
        describedWire = WireType.BINARY_LIGHT.apply(describedBytes);
        writeBinary(); // what the read benchmarks read
        writeSelfDescribing();
    }

    @TearDown(Level.Trial)
    public void release() {
        if (binaryBytes != null)
            binaryBytes.releaseLast();
        if (describedBytes != null)
            describedBytes.releaseLast();
    }

    /** Returns the encoded length, so the write is not dead code. */
    @Benchmark
    public long writeBinary() {
        binaryBytes.clear();
        binaryWire.getValueOut().marshallable(binaryOut);
        return binaryBytes.writePosition();
    }

    @Benchmark
    public TopOfBook readBinary() {
        binaryBytes.readPosition(0);
        return binaryWire.getValueIn().object(binaryIn, TopOfBook.class);
    }

    @Benchmark
    public long writeSelfDescribing() {
        describedBytes.clear();
        describedWire.getValueOut().marshallable(describedOut);
        return describedBytes.writePosition();
    }

    @Benchmark
    public SelfDescribingTopOfBook readSelfDescribing() {
        describedBytes.readPosition(0);
        return describedWire.getValueIn().object(describedIn, SelfDescribingTopOfBook.class);
    }

    /** Encoded length of the binary DTO, header included; for tests and the docs. */
    long binaryLength() {
        return binaryBytes.writePosition();
    }

    /** Encoded length of the self-describing DTO, header included. */
    long selfDescribingLength() {
        return describedBytes.writePosition();
    }
}
