// Without -Dfix=true, the project has no FIX edge: its dictionary, mappings and test go.
import java.nio.file.Files
import java.nio.file.Path
import java.util.Comparator

if (request.properties.get("fix") != "true") {
    Path project = Path.of(request.outputDirectory, request.artifactId)
    String packagePath = request.properties.get("package").replace('.', '/')
    [project.resolve("src/main/fix"), project.resolve("src/main/java/" + packagePath + "/fix"),
     project.resolve("src/test/java/" + packagePath + "/fix")].each { Path dir ->
        if (Files.exists(dir))
            Files.walk(dir).sorted(Comparator.reverseOrder()).each { Files.delete(it) }
    }
}
