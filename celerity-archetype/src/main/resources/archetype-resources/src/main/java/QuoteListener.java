package ${package};

/** Market data in: one method per event, the method name is the event name on the queue. */
public interface QuoteListener {
    void quote(Quote quote);
}
