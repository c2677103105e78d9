/**
 * The FIX edge's public API: what a user writes to map FIX application messages to a queue's events
 * ({@link io.celerity.fix.FixInbound}) and a queue's events to FIX messages ({@link io.celerity.fix.FixSessions}),
 * over the codecs Artio generates from the user's dictionary at build time. The gateway itself is configured in
 * {@code services.yaml} under {@code fix:} (see docs/user-guide.adoc, "FIX gateway").
 */
package io.celerity.fix;
