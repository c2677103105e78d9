/**
 * Encryption at rest: queues whose documents are sealed with AES-GCM as they are written and opened as they are read,
 * under versioned keys from the deployment's key provider.
 */
package io.celerity.internal.encryption;
