/**
 * Message versions: the recorded shape of an application's events and DTOs ({@link io.celerity.internal.schema.MessageSchema}),
 * read from its classes, kept version after version in a file the user commits, and the rules that say whether data
 * one version wrote reads in another ({@link io.celerity.internal.schema.Compatibility}).
 */
package io.celerity.internal.schema;
