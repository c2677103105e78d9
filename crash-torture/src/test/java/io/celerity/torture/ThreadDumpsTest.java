package io.celerity.torture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A thread dump of a live child JVM through jcmd, and a line saying why when there is none. */
class ThreadDumpsTest {

    @Test
    void dumpsTheChildsMainThreadWhereItSleeps(@TempDir Path dir) throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Sleeper.class.getName()).redirectErrorStream(true).start();
        try {
            // once it prints, its signal handlers are in place: jcmd's SIGQUIT before then would end it
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8));
            assertEquals(Sleeper.READY, out.readLine());
            Path dump = dir.resolve("child-threads-1.txt");
            assertNull(ThreadDumps.dump(child.pid(), dump));
            String text = Files.readString(dump);
            int main = text.indexOf("\"main\"");
            assertTrue(main >= 0, text);
            assertTrue(text.indexOf("at " + Sleeper.class.getName() + ".main(", main) > main,
                    "the main thread's stack, in the sleeper's main: " + text);
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String why = ThreadDumps.dump(child.pid(), dir.resolve("gone-threads-1.txt"));
        assertNotNull(why, "a process that is gone has no dump");
        assertTrue(why.contains("pid " + child.pid()), why);
    }

    /** Sleeps in its main thread until killed. */
    static final class Sleeper {
        static final String READY = "sleeping";

        public static void main(String[] args) throws InterruptedException {
            System.out.println(READY);
            Thread.sleep(60_000);
        }
    }
}
