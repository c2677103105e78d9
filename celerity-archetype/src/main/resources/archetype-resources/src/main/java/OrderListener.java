package ${package};

/** Orders in. */
public interface OrderListener {
    void order(Order order);
}
