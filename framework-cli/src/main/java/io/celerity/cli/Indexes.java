package io.celerity.cli;

/** Queue indexes as people type them: hex with {@code 0x} (as Chronicle prints them) or decimal. */
final class Indexes {
    private Indexes() {
    }

    static long parse(String text) {
        String t = text.trim();
        return t.startsWith("0x") || t.startsWith("0X") ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseLong(t);
    }
}
