package io.celerity.cli;

import io.celerity.fixtures.Cli;
import io.celerity.fixtures.TickEcho;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code celerity run} refuses a file it cannot run with a non-zero status and says why, before starting anything. */
class RunCommandTest {

    private static final String QUEUES = "queues:\n  in: { path: q/in }\n  mid: { path: q/mid }\n  out: { path: q/out }\n";

    @TempDir
    Path dir;

    private Path write(String yaml) throws IOException {
        return Files.writeString(dir.resolve("services.yaml"), yaml);
    }

    private static String echo(String name, String implClass, String input, String output) {
        return "  " + name + ":\n    implClass: " + implClass + "\n    inputs: [ " + input + " ]\n    output: " + output
                + "\n";
    }

    @Test
    void exitsNonZeroOnABadFile() throws IOException {
        Path file = write(QUEUES + "services:\n" + echo("echo", "com.example.Missing", "in", "out"));
        assertNotEquals(0, CelerityCli.execute("run", file.toString()));
        assertNotEquals(0, CelerityCli.execute("run", dir.resolve("absent.yaml").toString()));
        assertNotEquals(0, CelerityCli.execute("run", write("# nothing to run\n").toString()), "an empty file");
    }

    @Test
    void refusesAnUnknownServiceAsAConfigurationError() throws IOException {
        String echo = TickEcho.class.getName();
        Path file = write(QUEUES + "services:\n" + echo("first", echo, "in", "mid") + echo("second", echo, "mid", "out"));
        Cli.Result run = Cli.run("run", file.toString(), "--service", "third");
        assertEquals(CelerityCli.CONFIG_ERROR, run.status());
        assertTrue(run.err().contains("service 'third': not declared; expected one of [first, second]"), run.err());
    }

    @Test
    void refusesAnUnknownHostAndAHostSplitAcrossProcesses() throws IOException {
        String echo = TickEcho.class.getName();
        Path file = write("hosts:\n  a: { address: 192.0.2.1, port: 40100 }\n"
                + "queues:\n  in: { path: q/in, host: a }\n  out: { path: q/out, host: a }\n"
                + "services:\n" + echo("echo", echo, "in", "out"));
        Cli.Result unknown = Cli.run("run", file.toString(), "--host", "b");
        assertEquals(CelerityCli.CONFIG_ERROR, unknown.status());
        assertTrue(unknown.err().contains("host 'b': not declared; expected one of [a]"), unknown.err());
        Cli.Result split = Cli.run("run", file.toString(), "--host", "a", "--service", "echo");
        assertNotEquals(0, split.status());
        assertTrue(split.err().contains("--service cannot be combined with --host"), split.err());
    }
}
