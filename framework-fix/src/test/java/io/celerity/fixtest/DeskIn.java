package io.celerity.fixtest;

public interface DeskIn {
    void order(Order order);

    void cancel(Cancel cancel);
}
