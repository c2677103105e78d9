package io.celerity.examples.matching;

import java.util.Arrays;
import java.util.function.Supplier;

/** Reusable objects, made up front, so taking and releasing them in steady state allocates nothing. */
final class Pool<T> {
    private final Supplier<T> factory;
    private Object[] free;
    private int size;

    Pool(int initial, Supplier<T> factory) {
        this.factory = factory;
        this.free = new Object[Math.max(1, initial)];
        while (size < initial)
            free[size++] = factory.get();
    }

    /** A free object; a new one when the pool is empty (beyond the configured capacity). */
    @SuppressWarnings("unchecked")
    T take() {
        if (size == 0)
            return factory.get();
        T item = (T) free[--size];
        free[size] = null;
        return item;
    }

    /** Returns an object for reuse; the caller no longer holds it. */
    void release(T item) {
        if (size == free.length)
            free = Arrays.copyOf(free, size * 2); // only after take() made objects beyond the capacity
        free[size++] = item;
    }
}
