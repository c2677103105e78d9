package io.celerity.extension;

/** A part of a host's Prometheus metrics that an extension renders, on the metrics endpoint's thread. */
@FunctionalInterface
public interface MetricsSection {

    /** Appends its metrics in the Prometheus text format, each with its HELP and TYPE lines. */
    void appendTo(StringBuilder text);
}
