/**
 * Build-time generation of the method readers and writers of an application's components, so that a service starts
 * without compiling code (see {@link io.celerity.internal.codegen.build.GenerateCode}). Not part of the runtime: the
 * build runs it (celerity-starter-parent's generation step), a service does not depend on it.
 */
package io.celerity.internal.codegen.build;
