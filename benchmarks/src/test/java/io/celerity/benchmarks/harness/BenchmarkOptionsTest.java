package io.celerity.benchmarks.harness;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BenchmarkOptionsTest {

    @Test
    void withRateCopiesEveryOtherOption() throws Exception {
        BenchmarkOptions o = BenchmarkOptions.defaults();
        o.rate = 1;
        o.warmUp = 2;
        o.runs = 3;
        o.runMessages = 4;
        o.pauseMillis = 5;
        o.coCorrected = false;
        o.jitter = true;
        o.senderCpu = 6;
        o.handlerCpu = 7;
        o.out = Path.of("elsewhere");
        BenchmarkOptions copy = o.withRate(1_000);
        assertEquals(1_000, copy.rate);
        for (Field f : BenchmarkOptions.class.getDeclaredFields())
            if (!Modifier.isStatic(f.getModifiers()) && !f.getName().equals("rate"))
                assertEquals(f.get(o), f.get(copy), f.getName()); // a new option must be copied too
    }
}
