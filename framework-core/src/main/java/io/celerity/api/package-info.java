/** The only framework types business code may see. */
package io.celerity.api;
