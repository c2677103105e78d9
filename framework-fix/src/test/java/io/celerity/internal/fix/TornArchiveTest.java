package io.celerity.internal.fix;

import io.celerity.fixtest.DeskDeployment;
import io.celerity.fixtest.QuickFixClient;
import io.celerity.fixtures.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import quickfix.field.ClOrdID;
import quickfix.field.Side;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.celerity.internal.fix.GatewayKillRestartTest.startHost;
import static io.celerity.internal.fix.QuickFixConversationTest.deskInputs;
import static io.celerity.internal.fix.QuickFixConversationTest.order;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A kill that tears the last fragment of Artio's archive across a page boundary (its header written, the page after it
 * not): Aeron's archive refuses to start on such a recording until `ArchiveTool verify` cuts it off. The gateway cuts
 * it off itself and its session carries on.
 */
class TornArchiveTest {

    static final Duration LIVENESS = GatewayKillRestartTest.LIVENESS;
    private static final int PAGE = 4096, ALIGNMENT = 32;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS) // a failure leaves the host's and the client's logs to read
    Path dir;

    @Test
    void aGatewayStartsOnAnArchiveWhoseLastFragmentATornWriteLeft() throws Exception {
        int port = DeskDeployment.freePort();
        Path yaml = DeskDeployment.write(dir.resolve("deploy"), port);
        Path log = dir.resolve("host.log");
        ChildJvm host = startHost(yaml, log);
        try (QuickFixClient client = new QuickFixClient(port, DeskDeployment.CLIENT, DeskDeployment.US,
                dir.resolve("client")).start()) {
            client.awaitLogon(LIVENESS);
            client.send(order("t1", Side.BUY, 10, 1));
            assertEquals("t1", client.next(LIVENESS).getString(ClOrdID.FIELD));
            host.kill();
            assertTrue(tearLastFragments(dir.resolve("deploy/fix-state/archive")) > 0, "no recording to tear");
            host = startHost(yaml, log);
            client.awaitLogon(LIVENESS);
            client.send(order("t2", Side.BUY, 20, 1));
            assertEquals("t2", client.next(LIVENESS).getString(ClOrdID.FIELD));
        } finally {
            host.terminate();
        }
        assertEquals(List.of("order t1", "order t2"), deskInputs(dir.resolve("deploy/orders")));
        String hostLog = Files.readString(log);
        assertTrue(hostLog.contains("cutting the torn fragment off"), "the repair is logged");
        assertTrue(hostLog.contains("archive verified:"), "no recording marked invalid");
    }

    /** Writes, after the last frame of each recording's last segment, a frame header whose frame crosses into a zeroed page. */
    private static int tearLastFragments(Path archive) throws IOException {
        Map<String, Path> lastSegments = new HashMap<>();
        try (Stream<Path> files = Files.list(archive)) {
            files.filter(f -> f.getFileName().toString().matches("\\d+-\\d+\\.rec"))
                    .sorted(Comparator.comparingLong(TornArchiveTest::basePosition))
                    .forEach(f -> lastSegments.put(f.getFileName().toString().split("-")[0], f));
        }
        for (Path segment : lastSegments.values())
            tear(segment);
        return lastSegments.size();
    }

    private static long basePosition(Path segment) {
        String name = segment.getFileName().toString();
        return Long.parseLong(name.substring(name.indexOf('-') + 1, name.indexOf('.')));
    }

    private static void tear(Path segment) throws IOException {
        try (FileChannel channel = new RandomAccessFile(segment.toFile(), "rw").getChannel()) {
            ByteBuffer frameLength = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            long end = 0;
            while (channel.read(frameLength.clear(), end) == 4 && frameLength.getInt(0) > 0)
                end += (frameLength.getInt(0) + ALIGNMENT - 1) & -ALIGNMENT;
            int torn = (int) (PAGE - end % PAGE) + 2 * ALIGNMENT; // into the next page, which stays zero
            channel.write(frameLength.clear().putInt(0, torn), end);
        }
    }
}
