package io.celerity.testhosts;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Started on a host by the tests: echoes each line of each connection on {@code args[0]}, an ephemeral port. */
public final class EchoServer {

    private EchoServer() {
    }

    public static void main(String[] args) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getByName(args[0]))) {
            System.out.println("listening " + server.getLocalPort() + " pid " + ProcessHandle.current().pid());
            while (true) {
                try (Socket socket = server.accept();
                     BufferedReader in = new BufferedReader(
                             new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
                     PrintWriter out = new PrintWriter(socket.getOutputStream(), true, StandardCharsets.UTF_8)) {
                    for (String line = in.readLine(); line != null; line = in.readLine())
                        out.println(line);
                }
            }
        }
    }
}
