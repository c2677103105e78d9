package io.celerity.benchmarks.harness;

import net.openhft.chronicle.core.Jvm;
import net.openhft.chronicle.core.onoes.ExceptionHandler;
import org.slf4j.Logger;

/**
 * Watches Chronicle's warnings for a method writer or reader that could not be generated: a benchmark on the slow
 * reflective fallback measures the wrong thing, so it must not report.
 */
final class FallbackGuard implements ExceptionHandler {
    private final ExceptionHandler previous;
    private volatile String fallback;

    private FallbackGuard(ExceptionHandler previous) {
        this.previous = previous;
    }

    static FallbackGuard install() {
        FallbackGuard guard = new FallbackGuard(Jvm.warn().defaultHandler());
        Jvm.setWarnExceptionHandler(guard);
        return guard;
    }

    @Override
    public void on(Logger logger, String message, Throwable thrown) {
        if (message != null && isFallback(message))
            fallback = message;
        previous.on(logger, message, thrown);
    }

    static boolean isFallback(String message) {
        return message.startsWith("Falling back to proxy method writer")
                || message.startsWith("Failed to compile generated method");
    }

    /** Throws if Chronicle fell back to a proxy or reflective reader or writer since the guard was installed. */
    void check(String benchmark) {
        if (fallback != null)
            throw new IllegalStateException(benchmark + ": not reported, Chronicle fell back to slow reflective code: "
                    + fallback);
    }

    void uninstall() {
        Jvm.setWarnExceptionHandler(previous);
    }
}
