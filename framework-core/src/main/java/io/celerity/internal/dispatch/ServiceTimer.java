package io.celerity.internal.dispatch;

import io.celerity.config.ServiceConfig;
import io.celerity.internal.component.ComponentType;

import java.lang.invoke.MethodHandle;

/** A component's timer method, called every configured period on the service's loop thread. */
final class ServiceTimer {

    private final MethodHandle method;
    private final long periodNanos;
    private long nextTickNanos;

    private ServiceTimer(MethodHandle method, long periodNanos) {
        this.method = method;
        this.periodNanos = periodNanos;
        this.nextTickNanos = System.nanoTime() + periodNanos;
    }

    /** The timer of {@code component}, or {@code null} when its service configures none. */
    static ServiceTimer of(ServiceConfig config, ComponentType type, Object component) {
        if (config.timerMethod() == null)
            return null;
        return new ServiceTimer(ComponentType.timerHandle(type.timerMethod(config.timerMethod()), component),
                config.timerPeriod().toNanos());
    }

    boolean due() {
        return System.nanoTime() >= nextTickNanos;
    }

    /** Calls the timer method with the wall-clock time; the next tick is one period from now. */
    void tick(long epochNanos) throws Throwable {
        nextTickNanos = System.nanoTime() + periodNanos;
        method.invokeExact(epochNanos);
    }
}
