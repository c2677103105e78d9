/**
 * Workarounds for gaps in the Chronicle libraries, in one place: each class names the Chronicle issue it covers, so
 * that it can go when Chronicle closes the gap.
 */
package io.celerity.internal.chronicle;
