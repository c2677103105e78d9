package io.celerity.examples.demo;

import net.openhft.chronicle.core.io.IOTools;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** The file chores every demo shares: where the queues live, clearing them, reading the bundled services.yaml. */
public final class DemoFiles {
    private DemoFiles() {
    }

    /** Returns the absolute queue directory, deleted first when {@code clear}, and says where it is. */
    public static Path dataDirectory(Path dir, boolean clear) throws IOException {
        Path data = dir.toAbsolutePath();
        if (clear) {
            IOTools.deleteDirWithFiles(data.toFile());
            if (data.toFile().exists())
                throw new IOException("could not clear " + data);
            System.out.println("cleared " + data);
        }
        System.out.println("queues in " + data);
        return data;
    }

    /** A text resource on the classpath, e.g. {@code oms/services.yaml}. */
    public static String resource(String name) throws IOException {
        try (InputStream in = DemoFiles.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null)
                throw new IOException("resource " + name + " not found");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
