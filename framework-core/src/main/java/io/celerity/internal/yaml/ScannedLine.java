package io.celerity.internal.yaml;

/** What {@link YamlSyntax} learnt from the block part of a line. */
final class ScannedLine {
    String key;          // the key of a block mapping line
    boolean opens;       // the key has no value on this line
    boolean blockScalar; // the value is a '|' or '>' block
}
