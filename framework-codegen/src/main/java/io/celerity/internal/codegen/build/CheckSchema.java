package io.celerity.internal.codegen.build;

import io.celerity.internal.component.ComponentType;
import io.celerity.internal.schema.SchemaCheck;
import io.celerity.internal.schema.SchemaFile;
import io.celerity.internal.schema.SchemaOfClasses;
import io.celerity.internal.yaml.YamlException;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The build's message-version check (docs/user-guide.adoc, "Message versions"): reads the messages of the components
 * among compiled classes, checks them against the project's schema file and records a new version there, or fails
 * the build naming each incompatible change. {@code -Dcelerity.schema.break="why"} records a deliberate break.
 */
public final class CheckSchema {

    static final String USAGE = "usage: CheckSchema --classes DIR --schema FILE";

    private CheckSchema() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4 || !args[0].equals("--classes") || !args[2].equals("--schema")) {
            System.err.println("celerity: " + USAGE);
            System.exit(2);
            return;
        }
        int status = check(Path.of(args[1]), Path.of(args[3]), System.getProperty("celerity.schema.break"));
        if (status != 0)
            System.exit(status);
    }

    /** An interface of Artio's generated FIX codecs (a decoder's acceptor): flyweights over a buffer, never on a queue. */
    private static boolean takesFixCodecs(Class<?> iface) {
        for (Method m : iface.getMethods())
            for (Class<?> p : m.getParameterTypes())
                if (isArtioType(p))
                    return true;
        return false;
    }

    private static boolean isArtioType(Class<?> type) {
        if (type == null)
            return false;
        if (type.getName().startsWith("uk.co.real_logic.artio."))
            return true;
        for (Class<?> i : type.getInterfaces())
            if (isArtioType(i))
                return true;
        return isArtioType(type.getSuperclass());
    }

    /** Checks and records; 0 when the build may go on, 1 when it must fail (the reason printed). */
    static int check(Path classes, Path schema, String breakReason) throws IOException {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        Set<Class<?>> interfaces = new LinkedHashSet<>();
        for (Class<?> component : ComponentScan.components(classes, GeneratedIndex.read(classes).generated(), loader)) {
            ComponentType type = ComponentType.ofComponentOrAgent(component);
            type.inputInterfaces().forEach(interfaces::add);
            type.outputInterfaces().forEach(interfaces::add);
        }
        // The framework's own (failure reports), versioned with the framework.
        interfaces.removeIf(i -> i.getName().startsWith("io.celerity.api.") || i.getName().startsWith("io.celerity.internal."));
        interfaces.removeIf(CheckSchema::takesFixCodecs);
        if (interfaces.isEmpty()) {
            System.out.println("celerity: no component events in " + classes + ", so no message schema to check");
            return 0;
        }
        SchemaCheck.Outcome outcome;
        try {
            SchemaFile recorded = Files.exists(schema) ? SchemaFile.read(schema) : null;
            outcome = SchemaCheck.check(recorded, SchemaOfClasses.of(1, interfaces), breakReason, schema);
        } catch (YamlException | IllegalArgumentException e) { // a file it cannot read, a message it cannot classify
            System.err.println("celerity: " + e.getMessage());
            return 1;
        }
        if (outcome.file() != null)
            outcome.file().write(schema);
        (outcome.refused() ? System.err : System.out).println("celerity: " + outcome.message());
        return outcome.refused() ? 1 : 0;
    }
}
