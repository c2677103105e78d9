package io.celerity.internal.encryption;

import net.openhft.chronicle.bytes.Bytes;

/**
 * A document read from an encrypted queue, whose copy in a failure report must keep its personal fields encrypted
 * with their subjects' keys, so that forgetting a subject reaches the report too.
 */
public interface ReportableDocument {

    /** The document's bytes, from its start, personal fields encrypted. */
    Bytes<?> reportableBytes();
}
