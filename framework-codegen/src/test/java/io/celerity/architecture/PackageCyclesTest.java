package io.celerity.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** No package of framework-codegen imports, directly or through others, a package that imports it. */
class PackageCyclesTest {

    @Test
    void noPackageCycle() {
        JavaClasses main = new ClassFileImporter().importPath(Path.of("target", "classes"));
        slices().matching("io.celerity.(**)").should().beFreeOfCycles().check(main);
    }
}
