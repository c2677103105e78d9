package io.celerity.examples.accounts;

import io.celerity.config.CelerityConfig;
import io.celerity.host.ServiceHost;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.Base85LongConverter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** accounts/services.yaml run for real: requests written to a queue by another writer, answers read back from one. */
class AccountsEndToEndTest {

    private static final long EUR = Base85LongConverter.INSTANCE.parse("EUR");

    @TempDir
    Path dir;

    @Test
    void answersRequestsFromItsQueueAndKeepsBalancesAcrossARestart() throws IOException {
        CelerityConfig config = CelerityConfig.parse("accounts/services.yaml", resource("accounts/services.yaml"), dir);
        try (ChronicleQueue requests = open(dir.resolve("account-requests"));
             ChronicleQueue events = open(dir.resolve("account-events"));
             ExcerptTailer tailer = events.createTailer()) {
            AccountRequests writer = requests.methodWriter(AccountRequests.class);
            Answers answers = new Answers();
            MethodReader reader = tailer.methodReader(answers);

            try (ServiceHost host = ServiceHost.start(config)) {
                writer.openAccount(new OpenAccount().set(1, "Alice", EUR, 10_000));
                writer.openAccount(new OpenAccount().set(2, "Bob", EUR, 0));
                writer.transfer(new Transfer().set(1, 2, EUR, 2_500, "rent"));
                writer.transfer(new Transfer().set(2, 1, EUR, 9_999, "too much"));
                answers.await(reader, 4);
            }
            // A new host on the same queues replays the answered requests first, so Bob still holds 25.00.
            try (ServiceHost host = ServiceHost.start(config)) {
                writer.transfer(new Transfer().set(2, 1, EUR, 2_500, "back"));
                answers.await(reader, 5);
            }

            assertEquals(List.of("opened 1 with 10000", "opened 2 with 0", "1 -> 2 2500 rent leaves 7500 and 2500",
                    "refused 2 -> 1 9999: insufficient funds", "2 -> 1 2500 back leaves 0 and 10000"), answers.seen);
            assertTrue(answers.ids.get(0) < answers.ids.get(1), "transaction ids increase: " + answers.ids);
        }
    }

    /** Records each account event as a line of text, and the transaction ids. */
    private static final class Answers implements AccountEvents {
        final List<String> seen = new ArrayList<>();
        final List<Long> ids = new ArrayList<>();

        void await(MethodReader reader, int count) {
            long deadline = System.currentTimeMillis() + 10_000;
            while (seen.size() < count) {
                if (!reader.readOne())
                    LockSupport.parkNanos(100_000); // the service needs a moment: do not spin a shared core
                assertTrue(System.currentTimeMillis() < deadline, "only " + seen + " within 10 s");
            }
        }

        @Override
        public void accountOpened(AccountOpened opened) {
            seen.add("opened " + opened.account + " with " + opened.balance);
        }

        @Override
        public void openFailed(OpenFailed failed) {
            seen.add("refused open " + failed.account + ": " + failed.reason);
        }

        @Override
        public void deposited(Deposited deposited) {
            ids.add(deposited.transactionId);
            seen.add("deposit " + deposited.account + " " + deposited.amount + " leaves " + deposited.balance);
        }

        @Override
        public void depositFailed(DepositFailed failed) {
            seen.add("refused deposit " + failed.account + ": " + failed.reason);
        }

        @Override
        public void transferDone(TransferDone done) {
            ids.add(done.transactionId);
            seen.add(done.from + " -> " + done.to + " " + done.amount + " " + done.reference + " leaves "
                    + done.fromBalance + " and " + done.toBalance);
        }

        @Override
        public void transferFailed(TransferFailed failed) {
            seen.add("refused " + failed.from + " -> " + failed.to + " " + failed.amount + ": " + failed.reason);
        }
    }

    private static ChronicleQueue open(Path path) {
        return SingleChronicleQueueBuilder.binary(path).rollCycle(RollCycles.FAST_DAILY).build();
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = AccountsEndToEndTest.class.getClassLoader().getResourceAsStream(name)) {
            assertTrue(in != null, "resource " + name + " not found");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
