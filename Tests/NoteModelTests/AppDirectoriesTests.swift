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
}
