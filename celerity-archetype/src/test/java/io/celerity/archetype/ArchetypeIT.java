package io.celerity.archetype;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A user's first contact, as a test: generate a service project from the just-built archetype into a temporary
 * directory (outside this repository, as a user's would be), with only this build's artifacts (target/it-repo, filled
 * by invoker:install), and run {@code mvn verify} (then {@code mvn exec:exec}, the command line's help) on it as a
 * separate Maven on the JDK {@code it.javaHome} names; once plain, once with a FIX edge ({@code -Dfix=true}).
 * The Maven logs stay in target/it-projects. Third-party artifacts come from the user's local repository as a remote, so
 * the run is fast and works offline.
 */
class ArchetypeIT {

    private static final String PACKAGE = "com.example.orders";
    private static final Pattern CHRONICLE_ON_CLASSPATH =
            Pattern.compile("/net/openhft/([\\w.-]+)/([\\w.-]+)/[^/" + Pattern.quote(File.pathSeparator) + "]+\\.jar");
    private static final Pattern CHRONICLE_LISTED = Pattern.compile("net\\.openhft:([\\w.-]+):jar:([\\w.-]+):");
    private static final Pattern SUITE = Pattern.compile(
            "<testsuite [^>]*?tests=\"(\\d+)\"[^>]*?errors=\"(\\d+)\"[^>]*?skipped=\"(\\d+)\"[^>]*?failures=\"(\\d+)\"");
    // Chronicle's slow path ("fell back to a proxy ...") and SLF4J's own warnings ("SLF4J(W): No SLF4J providers") fail it.
    // A proxy fallback, a reader or writer compiled at start instead of at build time, or SLF4J's complaints.
    private static final Pattern FORBIDDEN = Pattern.compile(
            "(?i:(fell|falls|falling|fall) back|proxy)|not generated when the application was built|SLF4J[(:]");

    private final Path logs = Path.of(System.getProperty("it.workDir"));
    private final Path repo = Path.of(System.getProperty("it.repo"));
    private final String javaHome = System.getProperty("it.javaHome");

    @Test
    void aGeneratedServiceProjectVerifiesGreenWithOnlyThisBuildsArtifacts() throws Exception {
        Path work = Files.createTempDirectory("celerity-archetype-it");
        try {
            Path project = generateAndVerify(work, "order-service", false);
            assertFalse(Files.exists(project.resolve("src/main/fix")), "a FIX dictionary without -Dfix=true");
            assertFalse(Files.exists(project.resolve("src/main/java/com/example/orders/fix")), "FIX mappings");
            assertFalse(Files.readString(project.resolve("src/main/resources/services.yaml")).contains("fix"));
            // The command line comes with the exec plugin: exec:exec runs it, yet the services do not depend on it.
            String help = mvn(project, work.resolve("settings.xml"), "order-service-exec", "exec:exec",
                    "-Dcelerity.args=--help");
            assertTrue(help.contains("Usage: celerity") && help.contains("BUILD SUCCESS"), help);

            // Message versions from the first build: the schema recorded, then an incompatible change refused.
            String schema = Files.readString(project.resolve("celerity-schema.yaml"));
            assertTrue(schema.contains("      " + PACKAGE + ".Quote:\n        kind: binary\n        fields:\n"
                    + "          symbol: long\n          bid: double\n          ask: double\n"), schema);
            Path quote = project.resolve("src/main/java/com/example/orders/Quote.java");
            String writes = "        out.writeDouble(bid);\n        out.writeDouble(ask);\n";
            assertTrue(Files.readString(quote).contains(writes), "Quote.java writes no longer as expected");
            Files.writeString(quote, Files.readString(quote).replace(writes,
                    "        out.writeDouble(ask);\n        out.writeDouble(bid);\n"));
            String refused = mvn(1, project, work.resolve("settings.xml"), "order-service-schema", "process-classes");
            assertTrue(refused.contains(PACKAGE + ".Quote.ask: fields-reordered") && refused.contains(
                    "Safe upgrade order: none while older data is read"), refused);
            assertEquals(schema, Files.readString(project.resolve("celerity-schema.yaml")), "nothing written");
        } finally {
            deleteRecursively(work);
        }
    }

    /** The same with -Dfix=true: a FIX gateway in front, its codecs and readers generated at build time. */
    @Test
    void aGeneratedProjectWithAFixEdgeVerifiesGreen() throws Exception {
        Path work = Files.createTempDirectory("celerity-archetype-it");
        try {
            Path project = generateAndVerify(work, "order-gateway", true);
            assertTrue(Files.isRegularFile(project.resolve("target/surefire-reports/TEST-" + PACKAGE
                    + ".fix.FixEdgeTest.xml")), "FixEdgeTest did not run");
            String generated = Files.readString(project.resolve("target/classes/META-INF/celerity/generated-code.txt"));
            assertTrue(generated.contains(PACKAGE + ".fix.VerdictsToFix"), "no reader of the outbound mapping's: "
                    + generated);
        } finally {
            deleteRecursively(work);
        }
    }

    private Path generateAndVerify(Path work, String artifactId, boolean fix) throws Exception {
        Path settings = writeSettings(work);

        String generated = mvn(work, settings, artifactId + "-generate",
                "org.apache.maven.plugins:maven-archetype-plugin:" + System.getProperty("it.archetypePluginVersion")
                        + ":generate",
                "-DarchetypeGroupId=io.celerity", "-DarchetypeArtifactId=celerity-archetype",
                "-DarchetypeVersion=" + System.getProperty("it.archetypeVersion"),
                "-DgroupId=com.example", "-DartifactId=" + artifactId, "-Dversion=1.0-SNAPSHOT",
                "-Dpackage=" + PACKAGE, "-Dfix=" + fix, "-DinteractiveMode=false");
        Path project = work.resolve(artifactId);
        assertTrue(Files.isRegularFile(project.resolve("src/main/java/com/example/orders/OrderChecker.java")), generated);

        String verified = mvn(project, settings, artifactId + "-verify", "verify",
                "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:list");
        assertTrue(verified.contains("BUILD SUCCESS"), verified);
        assertTrue(verified.contains("runtime: " + Path.of(javaHome).toRealPath()), "not built on " + javaHome);

        int[] counts = surefireCounts(project.resolve("target/surefire-reports"));
        assertTrue(counts[0] >= (fix ? 7 : 6), "expected the YAML test in 3 modes, 2 over encrypted queues, and the "
                + "unit test" + (fix ? " and the FIX test" : "") + ", ran " + counts[0]);
        assertEquals(0, counts[1] + counts[2] + counts[3], "errors, skipped, failures: " + verified);

        List<String> forbidden = verified.lines().filter(l -> FORBIDDEN.matcher(l).find()).toList();
        assertEquals(List.of(), forbidden, "proxy fallback, code compiled at start or SLF4J warnings in the build");
        List<String> chronicleInfo = verified.lines().filter(l -> l.contains(" INFO net.openhft.")).toList();
        assertEquals(List.of(), chronicleInfo, "Chronicle's informational lines in a quiet build (chronicle.quiet.flags)");
        // The YAML harness's hosts loop on 'celerity-test' (a restart test starts one per input); FixEdgeTest's not.
        List<String> harnessHostInfo = verified.lines().filter(l -> l.contains("[celerity-test] INFO ")).toList();
        assertEquals(List.of(), harnessHostInfo, "the lines of the YAML tests' hosts at info");
        List<String> counterpartyInfo = verified.lines().filter(l -> l.contains(" INFO quickfix")).toList();
        assertEquals(List.of(), counterpartyInfo, "the FIX test's counterparty's informational lines");
        Path generatedIndex = project.resolve("target/classes/META-INF/celerity/generated-code.txt");
        assertTrue(Files.isRegularFile(generatedIndex) && Files.readString(generatedIndex).contains(PACKAGE),
                "the build generated no reader or writer of the project's classes: " + generatedIndex);

        assertSameChronicleVersions(verified);

        assertFalse(verified.contains("io.celerity:celerity-framework-cli:jar"), "the CLI is a dependency: " + verified);
        assertTrue(Files.readString(generatedIndex).contains("TextMethodWriterMethodReader"),
                "no reader of dump's (CliCode, from the exec plugin's dependency) in " + generatedIndex);
        return project;
    }

    /** The generated project resolves every Chronicle artifact at the version this build compiled against. */
    private static void assertSameChronicleVersions(String log) {
        Map<String, String> built = new TreeMap<>();
        Matcher onPath = CHRONICLE_ON_CLASSPATH.matcher(System.getProperty("java.class.path").replace('\\', '/'));
        while (onPath.find())
            built.put(onPath.group(1), onPath.group(2));
        Map<String, String> resolved = new TreeMap<>();
        Matcher listed = CHRONICLE_LISTED.matcher(log);
        while (listed.find())
            resolved.put(listed.group(1), listed.group(2));
        assertTrue(resolved.containsKey("chronicle-wire"), "dependency:list shows no chronicle-wire:\n" + log);
        for (Map.Entry<String, String> e : resolved.entrySet())
            if (built.containsKey(e.getKey()))
                assertEquals(built.get(e.getKey()), e.getValue(), "version of net.openhft:" + e.getKey());
    }

    /** Sums tests, errors, skipped and failures over the surefire reports. */
    private static int[] surefireCounts(Path reports) throws IOException {
        int[] sums = new int[4];
        try (Stream<Path> files = Files.list(reports)) {
            for (Path f : files.filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml")).toList()) {
                Matcher m = SUITE.matcher(Files.readString(f));
                if (!m.find())
                    fail("no <testsuite> counts in " + f);
                for (int i = 0; i < 4; i++)
                    sums[i] += Integer.parseInt(m.group(i + 1));
            }
        }
        return sums;
    }

    /** Runs Maven in {@code dir} on the JDK under test; returns its log, failing with it unless it exits 0. */
    private String mvn(Path dir, Path settings, String logName, String... args) throws Exception {
        return mvn(0, dir, settings, logName, args);
    }

    /** As above, failing unless it exits {@code status}. */
    private String mvn(int status, Path dir, Path settings, String logName, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("it.mavenHome"), "bin", "mvn").toString(), "-B", "-V", "-ntp",
                "-s", settings.toString(), "-Dmaven.repo.local=" + repo));
        command.addAll(List.of(args));
        Path log = logs.resolve(logName + ".log");
        Files.createDirectories(log.getParent());
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("JAVA_HOME", javaHome);
        Process p = pb.start();
        // Liveness only: a cold build of the project under a loaded machine takes well under this.
        if (!p.waitFor(20, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail("mvn " + String.join(" ", args) + " did not finish within 20 minutes; see " + log);
        }
        String text = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(status, p.exitValue(), "mvn " + String.join(" ", args) + " exited " + p.exitValue() + ":\n" + text);
        return text;
    }

    /**
     * Settings that add the user's local repository as a remote for releases (plugins, libraries), never snapshots;
     * it holds no checksum files, hence no checksum policy.
     */
    private Path writeSettings(Path work) throws IOException {
        String userRepo = Path.of(System.getProperty("it.userRepo")).toUri().toString();
        String repository = "<id>user-local</id><url>" + userRepo + "</url>"
                + "<releases><enabled>true</enabled><checksumPolicy>ignore</checksumPolicy></releases><snapshots><enabled>false</enabled></snapshots>";
        Path settings = work.resolve("settings.xml");
        Files.writeString(settings, "<settings><profiles><profile><id>user-local</id>"
                + "<repositories><repository>" + repository + "</repository></repositories>"
                + "<pluginRepositories><pluginRepository>" + repository + "</pluginRepository></pluginRepositories>"
                + "</profile></profiles><activeProfiles><activeProfile>user-local</activeProfile></activeProfiles>"
                + "</settings>\n");
        return settings;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir))
            return;
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList())
                Files.delete(p);
        }
    }
}
