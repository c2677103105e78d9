package io.celerity.torture;

import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rolling upgrade of the highly available OMS while orders flow (docs/user-guide.adoc, "Message versions"): a
 * release whose NewOrderSingle appends a field (read only when present) goes to the standby, then the primary (the lease
 * moves), then the entry host, losing and repeating nothing; a release that inserts a field into NewOrderSingle before
 * transactTime is refused by the standby before it starts anything, and the running release carries on losing nothing.
 */
class RollingUpgradeTest {

    private static final Logger LOG = LoggerFactory.getLogger(RollingUpgradeTest.class);
    private static final Path NEW_ORDER_SINGLE = Path.of("..", "examples", "src", "main", "java", "io", "celerity",
            "examples", "oms", "NewOrderSingle.java");

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    void aCompatibleReleaseRollsThroughAndAnIncompatibleOneIsRefusedBeforeItStartsWhileOrdersFlow() throws Exception {
        String source = Files.readString(NEW_ORDER_SINGLE);
        Path compatible = release("appended", replaced(source,
                "    public long transactTime;\n", "    public long transactTime;\n    public long expireTime;\n",
                "        transactTime = in.readLong();\n", "        transactTime = in.readLong();\n"
                        + "        expireTime = io.celerity.api.AppendedFields.present(in) ? in.readLong() : 0;\n",
                "        out.writeLong(transactTime);\n", "        out.writeLong(transactTime);\n"
                        + "        out.writeLong(expireTime);\n"));
        Path incompatible = release("inserted", replaced(source,
                "    public long transactTime;\n", "    public int venue;\n    public long transactTime;\n",
                "        transactTime = in.readLong();\n", "        venue = in.readInt();\n"
                        + "        transactTime = in.readLong();\n",
                "        out.writeLong(transactTime);\n", "        out.writeInt(venue);\n"
                        + "        out.writeLong(transactTime);\n"));

        HaTorture torture = new HaTorture(4_000, 400, 500, List.of("-XX:TieredStopAtLevel=1"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HaTorture.Summary summary;
        try (Hosts hosts = Hosts.create(OmsHostsDeployment.HOSTS.toArray(String[]::new))) {
            summary = torture.run(dir, hosts, List.of(List.of(HaFault.upgrade(1_500, compatible)),
                    List.of(HaFault.upgrade(1_500, incompatible))), 0, new PrintStream(bytes, true,
                    StandardCharsets.UTF_8));
        }
        String output = bytes.toString(StandardCharsets.UTF_8);
        LOG.info("the rolling upgrades' report:\n{}", output);

        assertEquals("lost 0, duplicated 0, differing 0, diverged 0, failed trials 0", summary.totals().toString(),
                output);
        HaTrial.Failover rolled = summary.failovers().get(0), refused = summary.failovers().get(1);
        assertNull(rolled.refusal(), output);
        assertTrue(rolled.tookOver(), "the upgraded standby took the lease over: " + output);
        assertTrue(refused.refusal() != null && refused.refusal().contains("nothing was started")
                && refused.refusal().contains("NewOrderSingle"), output);
        assertTrue(!refused.tookOver(), "no host took over on the refused release: " + output);
    }

    private static String replaced(String source, String... pairs) {
        for (int i = 0; i < pairs.length; i += 2) {
            assertTrue(source.contains(pairs[i]), "NewOrderSingle.java no longer holds '" + pairs[i].strip() + "'");
            source = source.replace(pairs[i], pairs[i + 1]);
        }
        return source;
    }

    /** The application's classes of another release: NewOrderSingle as {@code source}, compiled against this build's. */
    private Path release(String name, String source) throws IOException {
        Path src = dir.resolve("releases").resolve(name).resolve("NewOrderSingle.java");
        Path classes = dir.resolve("releases").resolve(name).resolve("classes");
        Files.createDirectories(classes);
        Files.writeString(src, source);
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), "-classpath",
                System.getProperty("java.class.path"), "-proc:none", "-nowarn", src.toString());
        assertEquals(0, status, "javac of " + src);
        return classes;
    }
}
