package io.celerity.internal.schema;

/**
 * One difference between two versions of the messages, and whether data still reads across it.
 *
 * @param where    the DTO and field ({@code io.x.Order.price}), enum, or interface and event it concerns
 * @param rule     the rule it falls under, e.g. {@code field-type-changed}
 * @param backward whether the newer code reads what the older wrote
 * @param forward  whether the older code reads what the newer writes
 * @param detail   what changed and what it does to a reader
 */
public record Change(String where, String rule, boolean backward, boolean forward, String detail) {

    /** {@code where: rule: detail}. */
    @Override
    public String toString() {
        return where + ": " + rule + ": " + detail;
    }
}
