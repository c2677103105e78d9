package io.celerity.examples.gateway;

import io.celerity.config.CelerityConfig;
import io.celerity.examples.quickstart.CheckedQuoteListener;
import io.celerity.examples.quickstart.Quote;
import io.celerity.examples.quickstart.QuoteListener;
import io.celerity.examples.quickstart.QuoteRejected;
import io.celerity.host.HostOptions;
import io.celerity.host.ServiceHost;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.Base85LongConverter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Lines sent over a real socket become quotes on a real queue, which the checker on the same loop reads. */
class QuoteGatewayTest {

    private static final Duration WAIT = Duration.ofSeconds(60); // liveness under load, not speed

    @TempDir
    Path dir;

    private CelerityConfig config() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/gateway/services.yaml")) {
            return CelerityConfig.parse("gateway/services.yaml", new String(in.readAllBytes(), StandardCharsets.UTF_8),
                    dir);
        }
    }

    @Test
    void linesFromClientsBecomeQuotesTheCheckerBesideTheGatewayReads() throws Exception {
        List<String> errors = Collections.synchronizedList(new ArrayList<>());
        HostOptions options = HostOptions.defaults()
                .withErrorListener((agent, input, index, e) -> errors.add(agent + ": " + e.getMessage()));
        try (ServiceHost host = ServiceHost.start(config(), options)) {
            int port = ((QuoteGateway) host.agent("quote-gateway")).port();
            try (SocketChannel client = SocketChannel.open(new InetSocketAddress("127.0.0.1", port))) {
                send(client, "EURUSD 1.0841 1.0843 1000000\nGBPUSD 1.2650 1.2652 500\r\n");
                send(client, "USDJPY 151.2");
                await("two quotes before the rest of the third", () -> host.stats("quote-gateway").outputs() == 2);
                send(client, "0 151.25 2000\n");
                send(client, "EURUSD abc 1.0843 5\n");
                send(client, "EURUSD 1.0843 1.0841 100\n");
                await("the bad line reported", () -> errors.size() == 1);
            }
            // The loop and the gateway carry on: a new client is served after the failure.
            try (SocketChannel client = SocketChannel.open(new InetSocketAddress("127.0.0.1", port))) {
                send(client, "AUDUSD 0.6510 0.6512 300\n");
                await("five quotes checked", () -> host.stats("quote-checker").inputs() == 5);
            }
            assertEquals(5, host.stats("quote-gateway").outputs());
            assertEquals(1, host.stats("quote-gateway").handlerErrors());
            assertEquals(0, host.stats("quote-checker").handlerErrors());
        }
        assertEquals(1, errors.size(), errors.toString());
        String error = errors.get(0);
        assertTrue(error.startsWith("quote-gateway: bad line from /127.0.0.1:"), error);
        assertTrue(error.contains("'EURUSD abc 1.0843 5': bid is not a decimal number; expected SYMBOL BID ASK QTY"),
                error);

        List<String> quotes = new ArrayList<>();
        read("quotes", (QuoteListener) q -> quotes.add(text(q)));
        assertEquals(List.of("EURUSD 1.0841 1.0843 1000000", "GBPUSD 1.265 1.2652 500", "USDJPY 151.2 151.25 2000",
                "EURUSD 1.0843 1.0841 100", "AUDUSD 0.651 0.6512 300"), quotes);
        List<String> checked = new ArrayList<>();
        read("checked", new CheckedQuoteListener() {
            @Override
            public void accepted(Quote quote) {
                checked.add("accepted " + text(quote));
            }

            @Override
            public void rejected(QuoteRejected rejected) {
                checked.add("rejected " + Base85LongConverter.INSTANCE.asString(rejected.symbol) + " " + rejected.reason);
            }
        });
        assertEquals(List.of("accepted EURUSD 1.0841 1.0843 1000000", "accepted GBPUSD 1.265 1.2652 500",
                "accepted USDJPY 151.2 151.25 2000", "rejected EURUSD crossed", "accepted AUDUSD 0.651 0.6512 300"),
                checked);
    }

    @Test
    void aLineLongerThanTheLimitIsDroppedAndTheConnectionGoesOn() throws Exception {
        List<String> errors = Collections.synchronizedList(new ArrayList<>());
        HostOptions options = HostOptions.defaults()
                .withErrorListener((agent, input, index, e) -> errors.add(e.getMessage()));
        try (ServiceHost host = ServiceHost.start(config(), options)) {
            int port = ((QuoteGateway) host.agent("quote-gateway")).port();
            try (SocketChannel client = SocketChannel.open(new InetSocketAddress("127.0.0.1", port))) {
                send(client, "X".repeat(300));
                await("the long line reported", () -> errors.size() == 1);
                send(client, "\nEURUSD 1.0841 1.0843 10\n");
                await("the next line written", () -> host.stats("quote-gateway").outputs() == 1);
            }
        }
        assertTrue(errors.get(0).contains("no newline within 128 bytes"), errors.toString());
        List<String> quotes = new ArrayList<>();
        read("quotes", (QuoteListener) q -> quotes.add(text(q)));
        assertEquals(List.of("EURUSD 1.0841 1.0843 10"), quotes);
    }

    private static String text(Quote q) {
        return Base85LongConverter.INSTANCE.asString(q.symbol) + " " + q.bid + " " + q.ask + " " + q.bidQty;
    }

    private static void send(SocketChannel client, String text) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
        while (bytes.hasRemaining())
            client.write(bytes);
    }

    private void read(String queue, Object handler) {
        try (ChronicleQueue q = SingleChronicleQueueBuilder.binary(dir.resolve(queue)).build();
             ExcerptTailer tailer = q.createTailer()) {
            var reader = tailer.methodReader(handler);
            while (reader.readOne()) {
                // all of it
            }
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline)
                throw new AssertionError("not within " + WAIT + ": " + what);
            Thread.sleep(5);
        }
    }
}
