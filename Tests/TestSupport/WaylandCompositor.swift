import Foundation

/// A headless Wayland compositor (sway) for one test's desktop: its own
/// runtime folder, a 1280×800 output, every window floating (as on a
/// desktop of overlapping windows, not sway's tiles), and a virtual keyboard
/// held for its whole life: a seat with no keyboard gives no window the
/// focus, and GTK would see every window inactive. No keyboard repeats a key:
/// on a busy machine a test's key let go of late would type twice. Sway refuses to run as
/// root; run as root, it runs as the user nobody, and programs of root's
/// connect to it by its socket's full path.
final class WaylandCompositor {
    /// The compositor.
    let server: ChildProcess
    /// The Wayland socket's full path: what `WAYLAND_DISPLAY` names.
    let socket: String
    /// Sway's command socket, for swaymsg.
    let commandSocket: String
    /// The folder the compositor keeps its sockets in.
    let runtimeFolder: String
    private var keyboard: ChildProcess?

    /// Starts sway headless, waits for its sockets (10 s at most) and
    /// attaches the keyboard; `outputDirectory` gets its output.
    init(outputDirectory: String) throws {
        var template = Array(((NSTemporaryDirectory() as NSString).appendingPathComponent("quire-wayland-XXXXXX")).utf8CString)
        guard let made = mkdtemp(&template) else { throw DesktopError.didNotStart("sway", "no runtime folder") }
        runtimeFolder = String(cString: made)
        let configuration = (runtimeFolder as NSString).appendingPathComponent("config")
        try """
            output * resolution 1280x800 position 0 0
            for_window [app_id=".*"] floating enable
            focus_follows_mouse no
            input type:keyboard repeat_rate 0
            """.write(toFile: configuration, atomically: false, encoding: .utf8)
        let asRoot = getuid() == 0
        if asRoot {
            let nobody = getpwnam("nobody")
            chown(runtimeFolder, nobody?.pointee.pw_uid ?? 65534, nobody?.pointee.pw_gid ?? 65534)
            chmod(configuration, 0o644)
        }
        let command = ["sway", "--config", configuration]
        let wrapped = asRoot ? PrivateDesktop.asUser("nobody", command) : command
        server = try ChildProcess(
            wrapped[0], Array(wrapped.dropFirst()),
            environment: [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": runtimeFolder,
                "XDG_RUNTIME_DIR": runtimeFolder, "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1",
                "WLR_RENDERER": "pixman",
            ],
            outputDirectory: outputDirectory)
        let folder = runtimeFolder
        var found: (display: String, commands: String)?
        let server = self.server
        let started = eventually(within: 10) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard server.isRunning, let display = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
                  let commands = names.first(where: { $0.hasPrefix("sway-ipc.") }) else { return false }
            found = ((folder as NSString).appendingPathComponent(display), (folder as NSString).appendingPathComponent(commands))
            return true
        }
        guard started, let found else {
            server.send(SIGKILL)
            throw DesktopError.didNotStart("sway", server.standardError.suffix(1_000).description)
        }
        socket = found.display
        commandSocket = found.commands
        try holdKeyboard(outputDirectory: outputDirectory)
    }

    /// Attaches a keyboard that stays (wtype's, while it sleeps: the key it
    /// would type a day later never comes) and waits (10 s at most) until
    /// the seat has it.
    func holdKeyboard(outputDirectory: String) throws {
        let keyboard = try ChildProcess(
            "wtype", ["-s", "86400000", " "], environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                                                          "WAYLAND_DISPLAY": socket],
            outputDirectory: outputDirectory)
        self.keyboard = keyboard
        guard eventually(within: 10, { (try? self.seatHasKeyboard()) == true }) else {
            throw DesktopError.didNotStart("wtype (the held keyboard)", keyboard.standardError)
        }
    }

    /// Lets go of the held keyboard and waits (10 s at most) until the seat
    /// has none: from then on sway gives no window the focus. False if it
    /// still has one.
    func releaseKeyboard() -> Bool {
        endKeyboard()
        return eventually(within: 10) { (try? self.seatHasKeyboard()) == false }
    }

    /// Ends the held keyboard's process (5 s at most), if it still runs.
    private func endKeyboard() {
        keyboard?.send(SIGTERM)
        _ = keyboard?.waitForExit(seconds: 5)
        keyboard = nil
    }

    /// Whether sway's seat has a keyboard.
    private func seatHasKeyboard() throws -> Bool {
        let seats = try JSONSerialization.jsonObject(with: Data(try swaymsg(["-t", "get_seats"]).utf8)) as? [[String: Any]]
        return seats?.contains { (($0["capabilities"] as? Int) ?? 0) & 2 != 0 } == true
    }

    /// Runs swaymsg on this compositor and returns its output; throws if it fails.
    @discardableResult
    func swaymsg(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run(
            "swaymsg", ["--socket", commandSocket] + arguments,
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            outputDirectory: runtimeFolder)
        guard result.status == 0 else { throw DesktopError.commandFailed("swaymsg \(arguments.joined(separator: " "))", result.error + result.output) }
        return result.output
    }

    /// Ends the keyboard and the compositor, and removes the runtime folder.
    func stop() {
        endKeyboard()
        server.send(SIGTERM)
        _ = server.waitForExit(seconds: 5)
        try? FileManager.default.removeItem(atPath: runtimeFolder)
    }
}
