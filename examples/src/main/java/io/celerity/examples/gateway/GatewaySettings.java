package io.celerity.examples.gateway;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** Where the quote gateway listens, and how much it takes per client. */
public final class GatewaySettings extends SelfDescribingMarshallable {
    /** The address to listen on; empty: 127.0.0.1. */
    public String host;
    /** The TCP port; 0: any free port, see {@link QuoteGateway#port()}. */
    public int port;
    /** The longest line accepted, newline included; 0: 256. */
    public int maxLineBytes;
    /** Connections beyond this many are closed at once; 0: 16. */
    public int maxClients;
}
