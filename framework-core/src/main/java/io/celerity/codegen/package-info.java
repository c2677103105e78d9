/**
 * Build-time generation of the method readers and writers of an application's components, so that a service starts
 * without compiling code (see {@link io.celerity.codegen.GenerateCode}).
 */
package io.celerity.codegen;
