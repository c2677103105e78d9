package io.celerity.testhosts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Started on a host by the tests: sends {@code args[2]} to the echo server at {@code args[0]:args[1]}, trying
 * again until {@code args[3]} ms have passed; prints "echo: LINE" (exit 0) or "unreachable: WHY" (exit 2).
 */
public final class EchoClient {

    private static final int CONNECT_TIMEOUT_MS = 2000;

    private EchoClient() {
    }

    public static void main(String[] args) throws Exception {
        long deadline = System.currentTimeMillis() + Long.parseLong(args[3]);
        IOException last;
        do {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(args[0], Integer.parseInt(args[1])), CONNECT_TIMEOUT_MS);
                socket.setSoTimeout(CONNECT_TIMEOUT_MS);
                PrintWriter out = new PrintWriter(socket.getOutputStream(), true, StandardCharsets.UTF_8);
                out.println(args[2]);
                BufferedReader in = new BufferedReader(
                        new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
                System.out.println("echo: " + in.readLine());
                return;
            } catch (IOException e) {
                last = e;
                Thread.sleep(100);
            }
        } while (System.currentTimeMillis() < deadline);
        System.out.println("unreachable: " + last);
        System.exit(2);
    }
}
