package ${package};

/** The order checker's verdicts: its output. */
public interface OrderCheckListener {
    void accepted(Order order);

    void rejected(OrderRejected rejected);
}
