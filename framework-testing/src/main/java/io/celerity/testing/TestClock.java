package io.celerity.testing;

import io.celerity.api.ServiceContext;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.SetTimeProvider;

import java.time.Instant;

/**
 * Deterministic time for tests: starts at {@link #START} and moves only on a {@code time:} event, whose value is an
 * ISO-8601 instant ({@code 2026-03-02T09:30:00Z}) or nanoseconds since the epoch. Unique timestamps follow it.
 */
final class TestClock {

    /** Where every test's clock starts. */
    static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    private final SetTimeProvider provider = new SetTimeProvider(START.getEpochSecond() * 1_000_000_000L);

    SetTimeProvider provider() {
        return provider;
    }

    void set(YamlEvent time) {
        Object v = time.argument();
        long nanos;
        if (v instanceof Number) {
            nanos = ((Number) v).longValue();
        } else {
            try {
                Instant i = Instant.parse(String.valueOf(v));
                nanos = i.getEpochSecond() * 1_000_000_000L + i.getNano();
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("time: '" + v + "' is not a time; expected an ISO-8601 instant "
                        + "such as 2026-03-02T09:30:00Z or nanoseconds since the epoch");
            }
        }
        provider.currentTimeNanos(nanos);
    }

    /** The context a directly called component sees; its unique timestamps follow this clock. */
    ServiceContext context(String serviceName) {
        UniqueTimestamps timestamps = UniqueTimestamps.inMemory(0, provider);
        return new ServiceContext() {
            @Override
            public String serviceName() {
                return serviceName;
            }

            @Override
            public long currentTimeNanos() {
                return provider.currentTimeNanos();
            }

            @Override
            public long uniqueTimestamp() {
                return timestamps.next();
            }

            @Override
            public void acknowledge() {
                // nothing to restart from when called directly
            }

            @Override
            public void syncOutputs() {
                // called directly, outputs go to the test, not to a file
            }
        };
    }
}
