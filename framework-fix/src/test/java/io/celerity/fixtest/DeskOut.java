package io.celerity.fixtest;

public interface DeskOut {
    void ack(Ack ack);
}
