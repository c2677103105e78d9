/**
 * The seam between a host and the capabilities around it (replication, leases, a FIX edge ...): a
 * {@link io.celerity.extension.HostExtension} found through {@link java.util.ServiceLoader} is started, closed and
 * crashed by the host, and touches the host only through its {@link io.celerity.extension.ExtensionContext}.
 */
package io.celerity.extension;
