package io.celerity.examples.gateway;

import io.celerity.api.ServiceContext;
import io.celerity.examples.quickstart.Quote;
import io.celerity.examples.quickstart.QuoteListener;
import org.agrona.concurrent.Agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * A TCP gateway run on an event loop as a user agent: it accepts clients and turns each text line they send,
 * {@code SYMBOL BID ASK QTY}, into a {@link Quote} on its output queue. Non-blocking throughout: one
 * {@code selectNow} a pass, so it never holds up the services beside it on the loop. Once a client is connected it
 * allocates nothing per line. A bad line is skipped and reported by throwing from {@link #doWork()} after the
 * client's other lines are written: the loop counts it, logs it and carries on.
 */
public final class QuoteGateway implements Agent {

    private final QuoteListener out;
    private final ServiceContext context;
    private final InetSocketAddress address;
    private final int maxLineBytes;
    private final int maxClients;
    private final Quote quote = new Quote();
    private final QuoteLines lines = new QuoteLines();
    private final Consumer<SelectionKey> ready = this::ready; // built once: selectNow(action) then allocates nothing
    private Selector selector;
    private ServerSocketChannel server;
    private volatile int port = -1;
    private int clients;
    private int work;
    private String badLine; // the first bad line of this pass, reported once the pass is done

    public QuoteGateway(QuoteListener out, ServiceContext context, GatewaySettings settings) {
        this.out = out;
        this.context = context;
        String host = settings.host == null || settings.host.isEmpty() ? "127.0.0.1" : settings.host;
        this.address = new InetSocketAddress(host, settings.port);
        this.maxLineBytes = settings.maxLineBytes > 0 ? settings.maxLineBytes : 256;
        this.maxClients = settings.maxClients > 0 ? settings.maxClients : 16;
    }

    @Override
    public void onStart() {
        try {
            selector = Selector.open();
            server = ServerSocketChannel.open();
            server.bind(address);
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
            port = ((InetSocketAddress) server.getLocalAddress()).getPort();
        } catch (IOException e) {
            throw new UncheckedIOException(context.serviceName() + ": cannot listen on " + address + ": " + e, e);
        }
    }

    /** The port it listens on, once started; useful when configured with port 0. */
    public int port() {
        return port;
    }

    @Override
    public int doWork() throws IOException {
        work = 0;
        selector.selectNow(ready);
        if (badLine != null) {
            String line = badLine;
            badLine = null;
            throw new IllegalArgumentException(line);
        }
        return work;
    }

    private void ready(SelectionKey key) {
        try {
            if (key.isAcceptable())
                accept();
            else if (key.isReadable())
                read(key, (Client) key.attachment());
        } catch (IOException e) {
            dropClient(key); // a client's connection broke: the others go on
        }
    }

    private void accept() throws IOException {
        SocketChannel channel;
        while ((channel = server.accept()) != null) {
            work++;
            if (clients == maxClients) {
                channel.close(); // full: a refused client sees the connection closed
                continue;
            }
            channel.configureBlocking(false);
            channel.setOption(java.net.StandardSocketOptions.TCP_NODELAY, true);
            channel.register(selector, SelectionKey.OP_READ, new Client(channel, maxLineBytes));
            clients++;
        }
    }

    private void read(SelectionKey key, Client client) throws IOException {
        ByteBuffer buffer = client.buffer;
        int n = client.channel.read(buffer);
        if (n < 0) {
            dropClient(key);
            return;
        }
        int from = 0;
        int limit = buffer.position();
        for (int i = client.scanned; i < limit; i++) {
            if (buffer.get(i) != '\n')
                continue;
            if (client.skipping) {
                client.skipping = false; // the end of an overlong line, already reported
            } else if (lines.parse(buffer, from, i, quote, System.nanoTime())) {
                out.quote(quote);
                work++;
            } else if (badLine == null) {
                badLine = describe(client, buffer, from, i, lines.problem());
            }
            from = i + 1;
        }
        if (limit - from >= maxLineBytes) {
            if (badLine == null && !client.skipping)
                badLine = describe(client, buffer, from, limit, "no newline within " + maxLineBytes + " bytes");
            from = limit; // drop it, up to its newline: a client that never sends one must not wedge its connection
            client.skipping = true;
        }
        buffer.flip().position(from);
        buffer.compact(); // the partial line, if any, moves to the front to wait for the rest
        client.scanned = buffer.position();
    }

    private static String describe(Client client, ByteBuffer buffer, int from, int to, String problem) {
        byte[] bytes = new byte[Math.min(to - from, 80)];
        buffer.get(from, bytes);
        String remote;
        try {
            remote = String.valueOf(client.channel.getRemoteAddress());
        } catch (IOException e) {
            remote = "a client";
        }
        return "bad line from " + remote + ": '" + new String(bytes, StandardCharsets.US_ASCII) + "': " + problem
                + "; expected SYMBOL BID ASK QTY, e.g. EURUSD 1.0841 1.0843 1000000 (line skipped)";
    }

    private void dropClient(SelectionKey key) {
        key.cancel();
        if (key.attachment() instanceof Client client) {
            clients--;
            closeQuietly(client.channel);
        }
    }

    @Override
    public void onClose() {
        if (selector != null) {
            for (SelectionKey key : selector.keys())
                closeQuietly(key.channel());
            closeQuietly(selector);
        }
        closeQuietly(server);
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            if (c != null)
                c.close();
        } catch (IOException ignored) {
            // closing at shutdown: nothing more to do
        }
    }

    @Override
    public String roleName() {
        return context.serviceName();
    }

    /** A connected client and its line buffer (direct, so reads copy nothing on the heap). */
    private static final class Client {
        final SocketChannel channel;
        final ByteBuffer buffer;
        int scanned; // bytes at the front already searched for a newline
        boolean skipping; // inside an overlong line: what comes up to its newline is dropped

        Client(SocketChannel channel, int maxLineBytes) {
            this.channel = channel;
            this.buffer = ByteBuffer.allocateDirect(16 * maxLineBytes); // room for many lines a read
        }
    }
}
