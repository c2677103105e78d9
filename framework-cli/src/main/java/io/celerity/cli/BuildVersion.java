package io.celerity.cli;

import picocli.CommandLine.IVersionProvider;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** {@code celerity --version}: the version this jar was built as, from a resource the build filters. */
final class BuildVersion implements IVersionProvider {

    private static final String RESOURCE = "version.properties";

    @Override
    public String[] getVersion() {
        return new String[] {"celerity " + version()};
    }

    private static String version() {
        try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null)
                throw new IllegalStateException(RESOURCE + " is missing beside " + BuildVersion.class.getName());
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
