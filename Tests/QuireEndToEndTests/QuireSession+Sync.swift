import Foundation
import NoteModel
import Testing
import TestSupport

/// Sync as a person sets it up and runs it from a terminal: `quire
/// --sync-setup` with the password on standard input, `quire --sync-now`
/// (through the running Quire if there is one), and the desktop's keyring
/// (GNOME Keyring on the session's private bus).
extension QuireSession {
    /// A Quire whose keyring runs and whose sync is set up with `server`, as a
    /// person's computer: the session, and the keyring to keep while it is used.
    static func syncing(
        with server: WebDAVServer, through proxy: WebDAVProxy? = nil, accessibility: Bool = false
    ) throws -> (QuireSession, ChildProcess) {
        let session = try QuireSession(accessibility: accessibility)
        let keyring = try session.startKeyring()
        let folderURL = proxy?.folderURL ?? server.folderURL
        let setup = try session.setUpSync(with: server, address: folderURL)
        #expect(setup.status == 0, "set up: \(setup.output) \(setup.error)")
        #expect(setup.output.contains("Sync is set up with \(folderURL) as \(WebDAVServer.user)."), "\(setup.output)")
        #expect(!setup.error.contains("keyring"), "the keyring keeps the password: \(setup.error)")
        return (session, keyring)
    }

    /// Starts GNOME Keyring's Secret Service on this session's bus, its
    /// login keyring unlocked, as a desktop session has it.
    func startKeyring() throws -> ChildProcess {
        let home = desktop.directory.file("keyring-home")
        try FileManager.default.createDirectory(atPath: home + "/run", withIntermediateDirectories: true)
        chmod(home + "/run", 0o700)
        let keyring = try ChildProcess(
            "gnome-keyring-daemon", ["--foreground", "--unlock", "--components=secrets"],
            environment: desktop.environment(["HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_RUNTIME_DIR": home + "/run"]),
            outputDirectory: desktop.directory.path, input: "login")
        guard eventually(within: 10, { desktop.busNameHasOwner("org.freedesktop.secrets") }) else {
            throw DesktopError.didNotStart("gnome-keyring-daemon", keyring.standardError)
        }
        return keyring
    }

    /// Runs `quire --sync-setup` for `server`'s notes folder (or `address`), the
    /// password on standard input, with `extra` arguments.
    func setUpSync(
        with server: WebDAVServer, address: String? = nil, password: String = WebDAVServer.password, trusting: Bool = true,
        allowingHTTP: Bool = true, _ extra: [String] = [], environment extraEnvironment: [String: String] = [:]
    ) throws -> (status: Int32?, output: String, error: String) {
        let address = address ?? server.folderURL
        var arguments = ["--sync-setup", address, "--sync-user", WebDAVServer.user]
        if trusting, let certificate = server.certificatePath { arguments += ["--sync-trust", certificate] }
        // The test servers listen on 127.0.0.1 without TLS, unless made for HTTPS.
        if address.hasPrefix("http://") && allowingHTTP { arguments.append("--sync-allow-http") }
        return try ChildProcess.run(
            BuiltProducts.executable("quire"), arguments + extra, environment: environment(extraEnvironment),
            outputDirectory: desktop.directory.path, seconds: 60, input: password + "\n")
    }

    /// Runs `quire --sync-now` (or `--sync-anyway`): handed to the running
    /// Quire, or run by a Quire started for it alone.
    func syncNow(
        _ option: String = "--sync-now", seconds: Double = 60, environment extraEnvironment: [String: String] = [:]
    ) throws -> (status: Int32?, output: String, error: String) {
        try ChildProcess.run(
            BuiltProducts.executable("quire"), [option], environment: environment(extraEnvironment),
            outputDirectory: desktop.directory.path, seconds: seconds)
    }

    /// Every note's text, in the trash or not, sorted.
    func everyText() throws -> [String] { try allBodies().sorted() }

    /// The texts of the notes outside the trash, sorted.
    func liveTexts() throws -> [String] { try storedNotes().map(\.body).sorted() }

    /// The texts of the notes in the trash, sorted.
    func trashedTexts() throws -> [String] {
        guard FileManager.default.fileExists(atPath: notesPath) else { return [] }
        return try NoteStore(path: notesPath).trashedNotes().map(\.body).sorted()
    }
}
