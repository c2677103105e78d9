/** The framework's marks around a snapshot of a service's state on its snapshot queue. */
package io.celerity.snapshot;
