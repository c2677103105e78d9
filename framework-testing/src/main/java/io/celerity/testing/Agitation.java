package io.celerity.testing;

/** Ways to derive new tests from a scenario's input, each probing how the component copes with bad or odd input. */
public enum Agitation {
    /** Each event left out in turn. */
    MISSING_MESSAGE,
    /** Each event sent twice. */
    DUPLICATED_MESSAGE,
    /** Each field of each event's argument left out in turn. */
    MISSING_FIELD,
    /** Each field of each event's argument given an unusual value: numbers negated (0 becomes -1), text emptied,
     * booleans flipped. */
    OVERRIDDEN_FIELD,
    /** Each pair of adjacent events swapped. */
    SWAPPED_MESSAGES
}
