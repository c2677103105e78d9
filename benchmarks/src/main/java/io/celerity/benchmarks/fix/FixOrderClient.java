package io.celerity.benchmarks.fix;

import io.celerity.benchmarks.harness.Probe;
import io.celerity.benchmarks.harness.StartTimes;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The benchmark's FIX 4.4 client, lean on purpose so that it times the acceptor, not itself, and on one thread (the
 * harness's sender), so that with two cores the acceptor keeps the other: it encodes each NewOrderSingle into one
 * reused buffer (ClOrdID = the request's number) and writes it to a non-blocking socket; between sends it reads the
 * ExecutionReports off the same socket ({@link #poll}) and samples the end-to-end probe against each one's due time.
 * FIX wire to wire: from the client's socket write to its socket read.
 */
final class FixOrderClient implements AutoCloseable {

    private static final byte SOH = 1;
    private static final DateTimeFormatter SENDING_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS");

    private final SocketChannel channel;
    private final ByteBuffer outBuffer = ByteBuffer.allocateDirect(512);
    private final ByteBuffer inBuffer = ByteBuffer.allocate(1 << 16);
    private ReportScanner scanner;
    private final String senderCompId;
    private final String targetCompId;
    private final byte[] message = new byte[512];
    private final byte[] body = new byte[400];
    private byte[] sendingTime = new byte[0];
    private long sendingTimeSecond = -1;
    private int seqNum = 1;
    private long reports;

    FixOrderClient(int port, String senderCompId, String targetCompId) throws IOException, InterruptedException {
        this.senderCompId = senderCompId;
        this.targetCompId = targetCompId;
        channel = connect(port);
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        channel.configureBlocking(false);
    }

    /** Retries while the acceptor is not yet accepting: a gateway binds once it has caught up. */
    private static SocketChannel connect(int port) throws IOException, InterruptedException {
        long end = System.nanoTime() + 120_000_000_000L;
        while (true) {
            try {
                return SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
            } catch (ConnectException e) {
                if (System.nanoTime() > end)
                    throw e;
                Thread.sleep(20);
            }
        }
    }

    /** Logs on and waits for the acceptor's Logon; the reports read later sample {@code endToEnd}. */
    void logOn(StartTimes startTimes, Probe endToEnd) throws IOException {
        scanner = new ReportScanner(startTimes, endToEnd, this);
        send("A", "98=0\u0001108=30\u0001");
        long end = System.nanoTime() + 120_000_000_000L;
        while (!scanner.loggedOn()) {
            if (System.nanoTime() > end)
                throw new IOException("no Logon from the acceptor within 120 s");
            poll();
        }
    }

    /** Reads what arrived, if anything, sampling each ExecutionReport. */
    void poll() throws IOException {
        inBuffer.clear();
        int n = channel.read(inBuffer);
        if (n < 0)
            throw new IOException("the acceptor closed the connection");
        if (n > 0)
            scanner.scan(inBuffer.array(), n);
    }

    /** One NewOrderSingle for account FUND1, 100 VOD.L at 10.5, ClOrdID {@code request}. */
    void sendOrder(long request) throws IOException {
        int n = put(body, 0, "11=");
        n = putLong(body, n, request);
        n = put(body, n, "\u00011=FUND1\u000155=VOD.L\u000154=1\u000160=");
        n = put(body, n, sendingTime());
        n = put(body, n, "\u000138=100\u000140=2\u000144=10.5\u0001");
        send("D", body, n);
    }

    long reports() {
        return reports;
    }

    void reported() {
        reports++;
    }

    private void send(String msgType, String fields) throws IOException {
        byte[] b = fields.getBytes(StandardCharsets.US_ASCII);
        send(msgType, b, b.length);
    }

    /** Frames header, {@code fields} and trailer into the reused buffer: BodyLength and CheckSum computed here. */
    private void send(String msgType, byte[] fields, int fieldsLength) throws IOException {
        int start = 20; // room for "8=FIX.4.4|9=NNN|" in front of the body
        int n = start;
        n = put(message, n, "35=" + msgType.charAt(0) + "\u000134=");
        n = putLong(message, n, seqNum++);
        n = put(message, n, "\u000149=" + senderCompId + "\u000152=");
        n = put(message, n, sendingTime());
        n = put(message, n, "\u000156=" + targetCompId + "\u0001");
        System.arraycopy(fields, 0, message, n, fieldsLength);
        n += fieldsLength;
        int bodyLength = n - start;
        byte[] head = ("8=FIX.4.4\u00019=" + bodyLength + "\u0001").getBytes(StandardCharsets.US_ASCII);
        int from = start - head.length;
        System.arraycopy(head, 0, message, from, head.length);
        int sum = 0;
        for (int i = from; i < n; i++)
            sum += message[i];
        sum &= 0xFF;
        message[n++] = '1';
        message[n++] = '0';
        message[n++] = '=';
        message[n++] = (byte) ('0' + sum / 100);
        message[n++] = (byte) ('0' + sum / 10 % 10);
        message[n++] = (byte) ('0' + sum % 10);
        message[n++] = SOH;
        outBuffer.clear();
        outBuffer.put(message, from, n - from).flip();
        while (outBuffer.hasRemaining())
            if (channel.write(outBuffer) == 0)
                poll(); // the socket's buffer is full: read, so the acceptor can write and drain ours
    }

    /** SendingTime, refreshed once a second: the acceptor checks it against a window of minutes. */
    private byte[] sendingTime() {
        long second = System.currentTimeMillis() / 1000;
        if (second != sendingTimeSecond) {
            sendingTimeSecond = second;
            sendingTime = LocalDateTime.now(ZoneOffset.UTC).format(SENDING_TIME).getBytes(StandardCharsets.US_ASCII);
        }
        return sendingTime;
    }

    private static int put(byte[] to, int at, String ascii) {
        for (int i = 0; i < ascii.length(); i++)
            to[at++] = (byte) ascii.charAt(i);
        return at;
    }

    private static int put(byte[] to, int at, byte[] bytes) {
        System.arraycopy(bytes, 0, to, at, bytes.length);
        return at + bytes.length;
    }

    private static int putLong(byte[] to, int at, long value) {
        if (value == 0) {
            to[at] = '0';
            return at + 1;
        }
        int digits = 0;
        for (long v = value; v > 0; v /= 10)
            digits++;
        for (int i = at + digits - 1; i >= at; i--) {
            to[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        return at + digits;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
