import Foundation

/// GNOME's own compositor, mutter, headless for one test's desktop: a
/// 1280×800 virtual monitor, Wayland only, serving its D-Bus interfaces on the
/// desktop's session bus as it does in a GNOME session, and a keyboard held
/// for its whole life (`Tools/GnomeKeyboard`, through mutter's remote desktop
/// interface): a seat with no keyboard gives no window the focus; it never
/// repeats a key (mutter's settings in a key file of its own). Mutter has
/// no command line of its own for its windows, as sway has, so a test reads
/// them through the app.
final class GnomeCompositor {
    /// The compositor.
    let server: ChildProcess
    /// The Wayland socket's full path: what `WAYLAND_DISPLAY` names.
    let socket: String
    private let runtimeFolder: String
    private let environment: [String: String]
    private var keyboard: ChildProcess?

    /// The socket a compositor started in `runtimeFolder` listens on, known
    /// before it starts, for the session bus that starts first.
    static func socket(in runtimeFolder: String) -> String {
        (runtimeFolder as NSString).appendingPathComponent("wayland-0")
    }

    /// Starts mutter with `runtimeFolder` (made here) for its socket, on the
    /// bus at `busAddress`, waits for the socket (10 s at most), then starts
    /// the keyboard and waits until it serves (10 s); `outputDirectory` gets
    /// what both print.
    init(runtimeFolder: String, busAddress: String, outputDirectory: String) throws {
        self.runtimeFolder = runtimeFolder
        socket = GnomeCompositor.socket(in: runtimeFolder)
        mkdir(runtimeFolder, 0o700)
        // No key repeat: a key the test's keyboard lets go of late on a busy
        // machine (its release after GTK's 500 ms wait) would type twice.
        let settings = (runtimeFolder as NSString).appendingPathComponent(".config/glib-2.0/settings")
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        try Data("[org/gnome/desktop/peripherals/keyboard]\nrepeat=false\n".utf8)
            .write(to: URL(fileURLWithPath: (settings as NSString).appendingPathComponent("keyfile")))
        environment = PrivateDesktop.minimalEnvironment.merging(
            ["HOME": runtimeFolder, "XDG_RUNTIME_DIR": runtimeFolder, "DBUS_SESSION_BUS_ADDRESS": busAddress,
             "GSETTINGS_BACKEND": "keyfile"]) { _, new in new }
        server = try ChildProcess(
            "mutter", ["--headless", "--wayland", "--no-x11", "--virtual-monitor", "1280x800",
                       "--wayland-display", (socket as NSString).lastPathComponent],
            environment: environment, outputDirectory: outputDirectory)
        let (server, socket) = (self.server, self.socket)
        guard eventually(within: 10, { !server.isRunning || FileManager.default.fileExists(atPath: socket) }), server.isRunning else {
            server.send(SIGKILL)
            throw DesktopError.didNotStart("mutter", server.standardError.suffix(1_000).description)
        }
        let keyboard = try ChildProcess(BuiltProducts.executable("GnomeKeyboard"), [], environment: environment, outputDirectory: outputDirectory)
        self.keyboard = keyboard
        let serving = eventually(within: 10) {
            !keyboard.isRunning
                || PrivateDesktop.busNameHasOwner("io.github.quire.TestKeyboard", environment: self.environment, outputDirectory: runtimeFolder)
        }
        guard serving, keyboard.isRunning else {
            stop()
            throw DesktopError.didNotStart("the keyboard on mutter", keyboard.standardOutput + keyboard.standardError)
        }
    }

    /// Types `text` (printable ASCII and line breaks) into the focused window,
    /// a key every 10 ms; returns once mutter has taken every key.
    func type(_ text: String) throws {
        try callKeyboard("Type", text)
    }

    /// Presses `chord` ("ctrl+w", "Return": modifiers, then a GDK key name) in the focused window.
    func press(_ chord: String) throws {
        try callKeyboard("Press", chord)
    }

    private func callKeyboard(_ method: String, _ argument: String) throws {
        let result = try ChildProcess.run(
            "gdbus", ["call", "--session", "--dest", "io.github.quire.TestKeyboard", "--object-path", "/io/github/quire/TestKeyboard",
                      "--method", "io.github.quire.TestKeyboard.\(method)", GnomeCompositor.literal(argument)],
            environment: environment, outputDirectory: runtimeFolder)
        guard result.status == 0 else { throw DesktopError.commandFailed("the keyboard's \(method) \(argument)", result.error) }
    }

    /// `text` as a GVariant string literal: gdbus reads a bare "42" as a number.
    private static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// Ends the keyboard and the compositor (5 s each at most), and removes the runtime folder.
    func stop() {
        keyboard?.send(SIGTERM)
        _ = keyboard?.waitForExit(seconds: 5)
        keyboard = nil
        server.send(SIGTERM)
        _ = server.waitForExit(seconds: 5)
        try? FileManager.default.removeItem(atPath: runtimeFolder)
    }
}
