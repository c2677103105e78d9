/**
 * Build-time generation of the method readers and writers of an application's components, so that a service starts
 * without compiling code (see {@link io.celerity.internal.codegen.GenerateCode}).
 */
package io.celerity.internal.codegen;
