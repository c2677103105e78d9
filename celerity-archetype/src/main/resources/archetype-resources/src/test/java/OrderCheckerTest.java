package ${package};

import io.celerity.api.ServiceContext;
import net.openhft.chronicle.wire.converter.Base85;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The component called directly: no queue, no framework. */
class OrderCheckerTest {

    private static final long EURUSD = Base85.INSTANCE.parse("EURUSD");

    /** Records the checker's verdicts. */
    private static final class Verdicts implements OrderCheckListener {
        final List<String> seen = new ArrayList<>();

        @Override
        public void accepted(Order order) {
            seen.add("accepted " + order.orderId);
        }

        @Override
        public void rejected(OrderRejected rejected) {
            seen.add("rejected " + rejected.orderId + ": " + rejected.reason);
        }
    }

    /** A context for direct calls: acknowledging is the runtime's business, so it is a no-op here. */
    private static final class NoContext implements ServiceContext {
        @Override
        public String serviceName() {
            return "order-checker";
        }

        @Override
        public long currentTimeNanos() {
            return 0;
        }

        @Override
        public long uniqueTimestamp() {
            return 0;
        }

        @Override
        public void acknowledge() {
        }

        @Override
        public void syncOutputs() {
        }
    }

    @Test
    void rejectsOrdersPricedTooFarThroughTheQuote() {
        CheckerSettings settings = new CheckerSettings();
        settings.maxDeviation = 0.01;
        Verdicts verdicts = new Verdicts();
        OrderChecker checker = new OrderChecker(verdicts, new NoContext(), settings);

        checker.order(new Order().set(1, EURUSD, Side.BUY, 1.10, 1000));
        checker.quote(new Quote().set(EURUSD, 1.0850, 1.0852));
        checker.order(new Order().set(2, EURUSD, Side.BUY, 1.0860, 1000));
        checker.order(new Order().set(3, EURUSD, Side.BUY, 1.1000, 1000));
        checker.order(new Order().set(4, EURUSD, Side.SELL, 1.0000, 1000));
        checker.order(new Order().set(5, EURUSD, Side.SELL, 1.0850, 0));

        assertEquals(List.of("rejected 1: no quote", "accepted 2", "rejected 3: price too far above the ask",
                "rejected 4: price too far below the bid", "rejected 5: quantity not positive"), verdicts.seen);
    }
}
