/**
 * The runtime's construction of generated method readers and writers ({@link io.celerity.internal.codegen.MethodCode})
 * and the check that limits a reader to the events it accepts; the build-time generator that builds them ahead of time
 * is framework-codegen's {@code io.celerity.internal.codegen.build}.
 */
package io.celerity.internal.codegen;
