package io.celerity.fixtest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A FIX 4.4 client over a plain socket, for what no FIX engine would send: garbled bytes, a wrong checksum, a wrong
 * CompID, a sequence number too low. It frames messages itself (BodyLength, CheckSum) unless told to get them wrong.
 */
public final class RawFixClient implements AutoCloseable {

    private static final DateTimeFormatter SENDING_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS");

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final StringBuilder received = new StringBuilder();

    /** Connects, retrying as a FIX initiator does while the gateway is not yet accepting (it binds once ready). */
    public RawFixClient(int port) throws IOException, InterruptedException {
        socket = connect(port, Duration.ofSeconds(60));
        socket.setTcpNoDelay(true);
        out = socket.getOutputStream();
        in = socket.getInputStream();
    }

    private static Socket connect(int port, Duration limit) throws IOException, InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (true) {
            try {
                return new Socket("127.0.0.1", port);
            } catch (java.net.ConnectException e) {
                if (System.nanoTime() > end)
                    throw e;
                Thread.sleep(20);
            }
        }
    }

    /** A message from CLIENT1 to CELERITY: {@code body} is the fields after the header, '|' for SOH. */
    public static String message(String msgType, int seqNum, String body) {
        return message(msgType, seqNum, DeskDeployment.US, body);
    }

    public static String message(String msgType, int seqNum, String targetCompId, String body) {
        String inner = "35=" + msgType + "|34=" + seqNum + "|49=" + DeskDeployment.CLIENT + "|52="
                + LocalDateTime.now(ZoneOffset.UTC).format(SENDING_TIME) + "|56=" + targetCompId + "|" + body;
        inner = inner.replace('|', '\u0001');
        String head = "8=FIX.4.4\u00019=" + inner.length() + "\u0001";
        int sum = 0;
        for (byte b : (head + inner).getBytes(StandardCharsets.US_ASCII))
            sum += b;
        return head + inner + "10=" + String.format("%03d", sum % 256) + "\u0001";
    }

    public void send(String raw) throws IOException {
        out.write(raw.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Reads until a message with {@code fieldValue} (e.g. "35=8") arrives; returns it with '|' for SOH. */
    public String await(String fieldValue, Duration limit) throws IOException {
        long end = System.nanoTime() + limit.toNanos();
        byte[] buffer = new byte[4096];
        while (true) {
            String found = take(fieldValue);
            if (found != null)
                return found;
            if (System.nanoTime() > end)
                throw new AssertionError("no message with " + fieldValue + " within " + limit + "; got " + received);
            socket.setSoTimeout(200);
            try {
                int n = in.read(buffer);
                if (n < 0)
                    throw new AssertionError("disconnected before a message with " + fieldValue + "; got " + received);
                received.append(new String(buffer, 0, n, StandardCharsets.US_ASCII).replace('\u0001', '|'));
            } catch (SocketTimeoutException e) {
                // keep waiting
            }
        }
    }

    /** Whether the gateway closed the connection within {@code limit}, reading what it sends meanwhile. */
    public boolean disconnectedWithin(Duration limit) throws IOException {
        long end = System.nanoTime() + limit.toNanos();
        byte[] buffer = new byte[4096];
        while (System.nanoTime() < end) {
            socket.setSoTimeout(200);
            try {
                int n = in.read(buffer);
                if (n < 0)
                    return true;
                received.append(new String(buffer, 0, n, StandardCharsets.US_ASCII).replace('\u0001', '|'));
            } catch (SocketTimeoutException e) {
                // keep reading
            } catch (IOException e) {
                return true; // reset
            }
        }
        return false;
    }

    /** Reads, keeping nothing, until {@code count} messages holding {@code fieldValue} arrived; for floods. */
    public void countUntil(String fieldValue, int count, Duration limit) throws IOException {
        byte[] wanted = ("\u0001" + fieldValue + "\u0001").getBytes(StandardCharsets.US_ASCII);
        byte[] buffer = new byte[65536];
        int matched = 0;
        int seen = 0;
        long end = System.nanoTime() + limit.toNanos();
        socket.setSoTimeout(200);
        while (seen < count) {
            if (System.nanoTime() > end)
                throw new AssertionError(seen + " of " + count + " messages with " + fieldValue + " within " + limit);
            int n;
            try {
                n = in.read(buffer);
            } catch (SocketTimeoutException e) {
                continue;
            }
            if (n < 0)
                throw new AssertionError("disconnected after " + seen + " of " + count + " messages with " + fieldValue);
            for (int i = 0; i < n; i++) {
                matched = buffer[i] == wanted[matched] ? matched + 1 : (buffer[i] == wanted[0] ? 1 : 0);
                if (matched == wanted.length) {
                    seen++;
                    matched = 1; // the closing SOH may open the next match
                }
            }
        }
    }

    public String received() {
        return received.toString();
    }

    private String take(String fieldValue) {
        int start = 0;
        while (true) {
            int end = received.indexOf("|10=", start);
            if (end < 0)
                return null;
            int close = received.indexOf("|", end + 4);
            if (close < 0)
                return null;
            String message = received.substring(start, close + 1);
            if (message.contains("|" + fieldValue + "|")) {
                received.delete(0, close + 1);
                return message;
            }
            start = close + 1;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
