package io.celerity.fixtest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

/** The tests' deployment: the desk behind a FIX gateway accepting session CLIENT1 -> CELERITY on a free port. */
public final class DeskDeployment {

    public static final String CLIENT = "CLIENT1";
    public static final String US = "CELERITY";

    private DeskDeployment() {
    }

    /** Writes {@code services.yaml} into {@code dir}, the gateway on {@code port}. */
    public static Path write(Path dir, int port) {
        return write(dir, port, DeskFromFix.class);
    }

    /** As {@link #write(Path, int)}, the gateway's inbound mapping {@code inboundMapper}. */
    public static Path write(Path dir, int port, Class<?> inboundMapper) {
        String yaml = """
                queues:
                  orders:     { path: orders }
                  acks:       { path: acks }
                  fix-errors: { path: fix-errors }
                eventLoops:
                  desk: { pauser: YIELDING, affinity: NONE }
                services:
                  desk:
                    implClass: io.celerity.fixtest.Desk
                    inputs: [ orders ]
                    output: acks
                    eventLoop: desk
                fix:
                  client-gateway:
                    eventLoop: fix
                    stateDir: fix-state
                    acceptor: { host: 127.0.0.1, port: %d }
                    dictionary: io.celerity.fixtest.codecs.FixDictionaryImpl
                    inbound:  { queue: orders, mapper: %s }
                    outbound: { queue: acks, mapper: io.celerity.fixtest.DeskToFix }
                    errors: fix-errors
                    sessions:
                      %s: { senderCompId: %s, targetCompId: %s, sourceId: 901 }
                """.formatted(port, inboundMapper.getName(), CLIENT, US, CLIENT);
        return write(dir, yaml);
    }

    public static final String VENUE = "VENUE";

    /** Writes {@code services.yaml} into {@code dir}: the desk behind a gateway that connects to a venue on {@code port}. */
    public static Path writeInitiating(Path dir, int port) {
        return writeInitiating(dir, port, DeskFromFix.class);
    }

    /** As {@link #writeInitiating(Path, int)}, the gateway's inbound mapping {@code inboundMapper}. */
    public static Path writeInitiating(Path dir, int port, Class<?> inboundMapper) {
        String yaml = """
                queues:
                  orders:     { path: orders }
                  acks:       { path: acks }
                eventLoops:
                  desk: { pauser: YIELDING, affinity: NONE }
                services:
                  desk:
                    implClass: io.celerity.fixtest.Desk
                    inputs: [ orders ]
                    output: acks
                    eventLoop: desk
                fix:
                  venue-gateway:
                    stateDir: fix-state
                    dictionary: io.celerity.fixtest.codecs.FixDictionaryImpl
                    inbound:  { queue: orders, mapper: %s }
                    outbound: { queue: acks, mapper: io.celerity.fixtest.DeskToFix }
                    reconnectInterval: 200ms
                    sessions:
                      %s: { senderCompId: %s, targetCompId: %s, sourceId: 902, connect: { host: 127.0.0.1, port: %d } }
                """.formatted(inboundMapper.getName(), VENUE, US, VENUE, port);
        return write(dir, yaml);
    }

    private static Path write(Path dir, String yaml) {
        try {
            Files.createDirectories(dir);
            return Files.writeString(dir.resolve("services.yaml"), yaml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
