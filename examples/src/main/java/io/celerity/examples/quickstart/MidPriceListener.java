package io.celerity.examples.quickstart;

/** Mid prices out. */
public interface MidPriceListener {
    void midPrice(MidPrice midPrice);
}
