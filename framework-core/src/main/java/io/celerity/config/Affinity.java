package io.celerity.config;

import java.util.Locale;

/**
 * Where an event loop's thread runs: on no CPU in particular, on any free reserved CPU, or on one CPU. Written in
 * {@code services.yaml} as {@code affinity: NONE | ANY | <cpu>}, parsed once by {@link #parse(String)}.
 *
 * @param kind what the thread binds to
 * @param cpu  the CPU number when {@code kind} is {@link Kind#CPU}, otherwise -1
 */
public record Affinity(Kind kind, int cpu) {

    /** The highest CPU number accepted: a typo such as 10000 is refused rather than failing at start. */
    public static final int MAX_CPU = 4095;

    /** Not bound: the OS schedules the thread anywhere. */
    public static final Affinity NONE = new Affinity(Kind.NONE, -1);
    /** Bound to any free CPU of those reserved for Chronicle's affinity library. */
    public static final Affinity ANY = new Affinity(Kind.ANY, -1);

    /** What an event loop's thread binds to. */
    public enum Kind { NONE, ANY, CPU }

    public Affinity {
        if (kind == null)
            throw new IllegalArgumentException("affinity kind missing");
        if ((kind == Kind.CPU) != (cpu >= 0) || cpu > MAX_CPU)
            throw new IllegalArgumentException("CPU " + cpu + " does not go with " + kind
                    + "; expected a CPU number 0-" + MAX_CPU + " with CPU only");
    }

    /** Bound to CPU {@code cpu}. */
    public static Affinity cpu(int cpu) {
        return new Affinity(Kind.CPU, cpu);
    }

    /**
     * Reads what a user writes: {@code NONE}, {@code ANY} (either case) or a CPU number.
     *
     * @throws IllegalArgumentException saying what is expected
     */
    public static Affinity parse(String text) {
        String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
        if (t.equals("NONE"))
            return NONE;
        if (t.equals("ANY"))
            return ANY;
        if (t.matches("\\d{1,4}") && Integer.parseInt(t) <= MAX_CPU)
            return cpu(Integer.parseInt(t));
        throw new IllegalArgumentException("'" + text + "' is not an affinity; expected NONE, ANY or a CPU number 0-"
                + MAX_CPU);
    }

    /** As written in {@code services.yaml}. */
    @Override
    public String toString() {
        return kind == Kind.CPU ? Integer.toString(cpu) : kind.name();
    }
}
