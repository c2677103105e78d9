/**
 * Keys for encryption at rest: where a deployment's encrypted queues get their keys from.
 */
package io.celerity.encryption;
