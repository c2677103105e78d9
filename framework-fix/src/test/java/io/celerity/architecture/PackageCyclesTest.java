package io.celerity.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * No package of framework-fix imports, directly or through others, a package that imports it; and the public API a
 * user's mappings see ({@code io.celerity.fix}) names nothing of the gateway's internals.
 */
class PackageCyclesTest {

    private final JavaClasses main = new ClassFileImporter().importPath(Path.of("target", "classes"));

    @Test
    void noPackageCycle() {
        slices().matching("io.celerity.(**)").should().beFreeOfCycles().check(main);
    }

    @Test
    void theApiNamesNoInternalType() {
        noClasses().that().resideInAPackage("io.celerity.fix").should().dependOnClassesThat()
                .resideInAPackage("io.celerity.internal..").check(main);
    }
}
