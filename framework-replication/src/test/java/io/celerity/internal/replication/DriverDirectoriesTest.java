package io.celerity.internal.replication;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A killed host's media driver directory is removed by the next host to start; a living one's is left alone. */
class DriverDirectoriesTest {

    @TempDir
    Path base;

    @Test
    void removesOnlyTheDirectoriesOfDeadProcesses() throws Exception {
        Process exited = new ProcessBuilder("true").start();
        exited.waitFor();
        Path dead = Files.createDirectories(base.resolve(DriverDirectories.PREFIX + "a-" + exited.pid()));
        Files.writeString(dead.resolve("cnc.dat"), "term buffers");
        Path alive = Files.createDirectories(base.resolve(DriverDirectories.PREFIX + "b-" + ProcessHandle.current().pid()));
        Path notOurs = Files.createDirectories(base.resolve(DriverDirectories.PREFIX + "no-pid"));
        Path other = Files.createDirectories(base.resolve("aeron-root-" + exited.pid()));
        // a cnc file that cannot be mapped, as when another host starting removes it meanwhile
        Path noCnc = Files.createDirectories(base.resolve(DriverDirectories.PREFIX + "lease-b-" + exited.pid())
                .resolve("cnc.dat")).getParent();
        for (int i = 0; i < 200; i++)
            Files.createFile(noCnc.resolve("cnc.dat").resolve("entry-" + i)); // its length past Aeron's header
        assertEquals(2, DriverDirectories.removeDead(base));

        assertFalse(Files.exists(dead), "the dead process's directory is removed");
        assertFalse(Files.exists(noCnc), "and one whose cnc file cannot be read, not an exception stopping the host");
        assertTrue(Files.isDirectory(alive), "a running process's directory stays");
        assertTrue(Files.isDirectory(notOurs), "a name without a pid is not ours to remove");
        assertTrue(Files.isDirectory(other), "another program's directory stays");
    }

    @Test
    void aDriverStillBeatingIsLeftAloneWhateverItsPid() throws Exception {
        Process exited = new ProcessBuilder("true").start();
        exited.waitFor();
        Path dir = base.resolve(DriverDirectories.PREFIX + "c-" + exited.pid()); // as if from another pid namespace
        try (MediaDriver driver = MediaDriver.launch(new MediaDriver.Context().aeronDirectoryName(dir.toString())
                .threadingMode(ThreadingMode.SHARED).dirDeleteOnShutdown(true))) {
            assertEquals(0, DriverDirectories.removeDead(base));
            assertTrue(Files.isDirectory(dir), "a driver beating now is alive, whatever its directory's pid says");
        }
    }

    @Test
    void thisProcessGetsADirectoryOfItsOwn() {
        Path dir = DriverDirectories.forThisProcess("a");
        assertEquals(DriverDirectories.PREFIX + "a-" + ProcessHandle.current().pid(), dir.getFileName().toString());
    }
}
