package io.celerity.testhosts;

import java.util.List;

/** Every host is this machine at 127.0.0.1: tests use distinct ports, and links cannot be cut. */
final class LoopbackNetwork implements Network {

    private final String reason;

    LoopbackNetwork(String reason) {
        this.reason = reason;
    }

    @Override
    public boolean isolated() {
        return false;
    }

    @Override
    public String describe() {
        return "loopback, every host at 127.0.0.1 (no network namespaces: " + reason + ")";
    }

    @Override
    public String address(int host) {
        return "127.0.0.1";
    }

    @Override
    public List<String> onHost(int host, List<String> command) {
        return command;
    }

    @Override
    public void linkDown(int host) {
        throw noLink();
    }

    @Override
    public void linkUp(int host) {
        throw noLink();
    }

    private UnsupportedOperationException noLink() {
        return new UnsupportedOperationException("hosts fell back to loopback (" + reason
                + "): all share 127.0.0.1 and there is no link of one host to take down or up");
    }

    @Override
    public List<Long> pids() {
        return List.of();
    }

    @Override
    public List<String> namespaces() {
        return List.of();
    }

    @Override
    public void close() {
    }
}
