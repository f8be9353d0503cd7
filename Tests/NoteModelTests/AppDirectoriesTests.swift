import FoundationEssentials
import Glibc
import Storage
import Testing

/// Data locations follow the XDG Base Directory specification.
@Suite("App directories")
struct AppDirectoriesTests {
    let id = "io.github.quire.Quire"

    @Test("XDG variables are used when set to absolute paths")
    func fromEnvironment() {
        let directories = AppDirectories(
            applicationID: id,
            environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/data", "XDG_STATE_HOME": "/state"])
        #expect(directories.dataFile("notes.sqlite") == "/data/io.github.quire.Quire/notes.sqlite")
        #expect(directories.stateFile("scenes.sqlite") == "/state/io.github.quire.Quire/scenes.sqlite")
    }

    @Test("unset, empty or relative values fall back to ~/.local", arguments: [
        [String: String](), ["XDG_DATA_HOME": "", "XDG_STATE_HOME": ""],
        ["XDG_DATA_HOME": "relative/data", "XDG_STATE_HOME": "relative/state"],
    ])
    func defaults(overrides: [String: String]) {
        let directories = AppDirectories(applicationID: id, environment: overrides.merging(["HOME": "/home/ada"]) { a, _ in a })
        #expect(directories.dataDirectory == "/home/ada/.local/share/io.github.quire.Quire")
        #expect(directories.stateDirectory == "/home/ada/.local/state/io.github.quire.Quire")
    }

    @Test("without a dictionary, the folders come from the process's own environment, read a variable at a time")
    func fromProcessEnvironment() {
        #expect(AppDirectories(applicationID: id) == AppDirectories(applicationID: id, environment: ProcessInfo.processInfo.environment))
    }

    @Test("a variable of the process's environment reads as it is set, and as nil once unset")
    func oneVariable() {
        let name = "QUIRE_TEST_VARIABLE_\(UInt32.random(in: 0 ... .max))"
        #expect(ProcessEnvironment.value(name) == nil)
        setenv(name, "a value é", 1)
        #expect(ProcessEnvironment.value(name) == "a value é")
        setenv(name, "", 1)
        #expect(ProcessEnvironment.value(name) == "")
        unsetenv(name)
        #expect(ProcessEnvironment.value(name) == nil)
    }
}
