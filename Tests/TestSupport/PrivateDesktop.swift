import Foundation
import Synchronization

/// A private X display (Xvfb), or Wayland compositor (sway or mutter, headless), and
/// D-Bus session bus for one test, so the app under test owns its own focus,
/// windows and bus name, whatever else runs.
public final class PrivateDesktop: @unchecked Sendable {
    /// The X display name, such as ":12", or the Wayland socket's full path.
    public let display: String
    /// The session bus address.
    public let busAddress: String
    /// A folder for logs, screenshots and the app's XDG folders.
    public let directory: TemporaryDirectory
    private let server: ChildProcess
    /// The Wayland compositor, on a Wayland desktop of sway's.
    let compositor: WaylandCompositor?
    /// GNOME's compositor, on a Wayland desktop of mutter's.
    let gnomeCompositor: GnomeCompositor?
    private let bus: ChildProcess
    private var windowManager: ChildProcess?
    private var accessibilityBus: ChildProcess?

    /// Display numbers handed out by this process, so desktops started at the
    /// same moment never race for one (Xvfb's own `-displayfd` choice did).
    private static let nextDisplay = Mutex<Int>(200 + Int(getpid() % 400) * 20)

    /// What the display server and the bus are started with: only a search path.
    static var minimalEnvironment: [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    }

    /// Starts Xvfb (1280×800) and a session bus, and (if asked) the openbox window
    /// manager, for tests of what only a window manager does (maximising);
    /// throws if any does not come up in 10 s. The bus gets `busEnvironment`
    /// too, which is what the programs it starts on demand (D-Bus activation)
    /// inherit, and where it looks for their service files (`XDG_DATA_DIRS`).
    /// With `accessibility`, an AT-SPI bus runs beside the session bus and
    /// programs started here publish their accessibility tree on it.
    /// With `user`, the session bus belongs to that user (for a program run as
    /// that user, with `PrivateDesktop.asUser`); the display accepts anyone.
    /// With `wayland`, the display is a Wayland compositor's (no window
    /// manager: the compositor is one): sway's, or with `gnome` too, mutter's,
    /// which starts after the bus and serves its interfaces there. An X
    /// display's screen is `screen` pixels.
    public init(
        windowManager: Bool = false, accessibility: Bool = false, busEnvironment: [String: String] = [:],
        user: String? = nil, wayland: Bool = false, gnome: Bool = false, screen: (width: Int, height: Int) = (1_280, 800)
    ) throws {
        directory = try TemporaryDirectory(prefix: "quire-desktop")
        var server: ChildProcess?
        if wayland, gnome {
            compositor = nil
            display = GnomeCompositor.socket(in: directory.file("mutter"))
        } else if wayland {
            let compositor = try WaylandCompositor(outputDirectory: directory.path)
            self.compositor = compositor
            (server, display) = (compositor.server, compositor.socket)
        } else {
            compositor = nil
            let (xvfb, number) = try PrivateDesktop.startServer(outputDirectory: directory.path, screen: screen)
            (server, display) = (xvfb, number)
        }
        if wayland { mkdir(directory.file("runtime"), 0o700) }
        let daemon = ["dbus-daemon", "--session", "--nofork", "--print-address=1"]
        let command = user.map { PrivateDesktop.asUser($0, daemon) } ?? daemon
        bus = try ChildProcess(
            command[0], Array(command.dropFirst()),
            // What activated programs inherit: this display, as a desktop session's bus has.
            environment: PrivateDesktop.minimalEnvironment
                .merging(PrivateDesktop.displayVariables(display, wayland: wayland, directory: directory)) { _, new in new }
                .merging(["GTK_A11Y": "none"]) { _, new in new }
                .merging(busEnvironment) { _, new in new },
            outputDirectory: directory.path)
        var address = ""
        let bus = self.bus
        guard eventually(within: 10, {
            address = bus.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            return !address.isEmpty
        }) else { throw DesktopError.didNotStart("dbus-daemon", bus.standardError) }
        busAddress = address
        if wayland, gnome {
            do {
                let gnomeCompositor = try GnomeCompositor(
                    runtimeFolder: directory.file("mutter"), busAddress: address, outputDirectory: directory.path)
                self.gnomeCompositor = gnomeCompositor
                server = gnomeCompositor.server
            } catch {
                bus.send(SIGTERM)
                _ = bus.waitForExit(seconds: 5)
                throw error
            }
        } else {
            gnomeCompositor = nil
        }
        guard let server else { throw DesktopError.didNotStart("the display", "no server started") }
        self.server = server
        if windowManager, !wayland { try startWindowManager() }
        if accessibility { try startAccessibilityBus() }
    }

    /// Starts the AT-SPI bus launcher on this session bus (rather than letting
    /// the bus activate it), so it ends with the desktop instead of outliving it.
    private func startAccessibilityBus() throws {
        let launcher = try ChildProcess(
            "/usr/libexec/at-spi-bus-launcher", ["--launch-immediately", "--a11y=1"],
            environment: environment(), outputDirectory: directory.path)
        accessibilityBus = launcher
        let owned = eventually(within: 10) {
            let reply = try? ChildProcess.run(
                "gdbus", ["call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                          "--method", "org.a11y.Bus.GetAddress"],
                environment: environment(), outputDirectory: directory.path)
            return reply?.status == 0
        }
        guard owned else { throw DesktopError.didNotStart("at-spi-bus-launcher", launcher.standardError) }
    }

    /// `command` run as `user` (and that user's group), through setpriv.
    public static func asUser(_ user: String, _ command: [String]) -> [String] {
        let group = user == "nobody" ? "nogroup" : user
        return ["setpriv", "--reuid=\(user)", "--regid=\(group)", "--clear-groups", "--"] + command
    }

    /// Whether programs here publish an accessibility tree (see `init`).
    public var hasAccessibility: Bool { accessibilityBus != nil }

    private func startWindowManager() throws {
        let manager = try ChildProcess(
            "openbox", ["--sm-disable"], environment: environment(), outputDirectory: directory.path)
        windowManager = manager
        // `wmctrl -m` succeeds once a window manager manages the screen.
        let running = eventually(within: 10) {
            (try? ChildProcess.run("wmctrl", ["-m"], environment: environment(), outputDirectory: directory.path))?.status == 0
        }
        guard running else { throw DesktopError.didNotStart("openbox", manager.standardError) }
    }

    deinit {
        windowManager?.send(SIGTERM)
        _ = windowManager?.waitForExit(seconds: 5)
        accessibilityBus?.send(SIGTERM)  // it stops the accessibility bus it started
        _ = accessibilityBus?.waitForExit(seconds: 5)
        bus.send(SIGTERM)
        _ = bus.waitForExit(seconds: 5)
        if let compositor {
            compositor.stop()
        } else if let gnomeCompositor {
            gnomeCompositor.stop()
        } else {
            server.send(SIGTERM)
            _ = server.waitForExit(seconds: 5)
        }
        directory.remove()
    }

    /// Starts Xvfb on the next free display number this process has not used;
    /// a number another server holds makes Xvfb exit at once, and the next is tried.
    private static func startServer(outputDirectory: String, screen: (width: Int, height: Int)) throws -> (ChildProcess, String) {
        var lastError = ""
        for _ in 0..<20 {
            let number = nextDisplay.withLock { value -> Int in
                defer { value += 1 }
                return value
            }
            if FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") { continue }
            let server = try ChildProcess(
                // -noreset: an X server resets when its last client leaves, and a client
                // connecting during the reset fails ("cannot open display"); tests
                // connect and leave with xdotool all the time. -r: no key repeats, as
                // xdotool's release of a key can come late on a busy machine.
                "Xvfb", [":\(number)", "-displayfd", "1", "-noreset", "-r", "-screen", "0", "\(screen.width)x\(screen.height)x24",
                         "-nolisten", "tcp"],
                environment: minimalEnvironment, outputDirectory: outputDirectory)
            // -displayfd writes the number once the server listens.
            let ready = eventually(within: 10) {
                !server.standardOutput.isEmpty || !server.isRunning
            }
            if ready, server.isRunning { return (server, ":\(number)") }
            lastError = server.standardError
        }
        throw DesktopError.didNotStart("Xvfb", lastError)
    }

    /// What the programs the bus started (D-Bus activation) wrote to standard
    /// error: they inherit the bus's.
    public var activatedProgramsOutput: String { bus.standardError }

    /// Whether a program on this desktop's session bus owns `name` now (a
    /// GApplication owns its id until it has exited, after its windows go).
    public func busNameHasOwner(_ name: String) -> Bool {
        PrivateDesktop.busNameHasOwner(name, environment: environment(), outputDirectory: directory.path)
    }

    /// Whether a program owns `name` on the session bus `environment` names
    /// (asked with gdbus, which writes to `outputDirectory`).
    static func busNameHasOwner(_ name: String, environment: [String: String], outputDirectory: String) -> Bool {
        let reply = try? ChildProcess.run(
            "gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                      "--method", "org.freedesktop.DBus.NameHasOwner", name],
            environment: environment, outputDirectory: outputDirectory, seconds: 5)
        return reply?.output.contains("true") == true
    }

    /// The display and bus, whether they still run and what they printed: for failure messages.
    public var health: String {
        func describe(_ name: String, _ child: ChildProcess) -> String {
            let state = child.isRunning ? "running" : "exited with \(child.exitStatus ?? -1)"
            return "\(name) (\(child.pid)) \(state): \(child.standardError.suffix(500))"
        }
        return "display \(display); \(describe(compositor != nil ? "sway" : gnomeCompositor != nil ? "mutter" : "Xvfb", server)); \(describe("dbus-daemon", bus))"
    }

    /// The environment for a program on this desktop: PATH, HOME, LANG, the
    /// display and bus, and G_DEBUG=fatal-criticals (any GTK critical ends the
    /// program), plus `extra`.
    public func environment(_ extra: [String: String] = [:]) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var environment: [String: String] = [
            "PATH": inherited["PATH"] ?? "/usr/bin:/bin",
            "HOME": inherited["HOME"] ?? directory.path,
            "LANG": "C.UTF-8",
            "DBUS_SESSION_BUS_ADDRESS": busAddress,
        ].merging(PrivateDesktop.displayVariables(display, wayland: compositor != nil || gnomeCompositor != nil, directory: directory)) { _, new in new }
        // Without an accessibility bus of the desktop's own, GTK would have the
        // session bus start one, whose launcher can outlive the test's bus.
        if accessibilityBus == nil { environment["GTK_A11Y"] = "none" }
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// What puts a GTK program on the display, with any GTK critical ending it.
    /// (On Wayland, a runtime folder of the program's own, beside the
    /// compositor's, which may belong to another user.)
    private static func displayVariables(
        _ display: String, wayland: Bool, directory: TemporaryDirectory
    ) -> [String: String] {
        guard wayland else { return ["DISPLAY": display, "GDK_BACKEND": "x11", "G_DEBUG": "fatal-criticals"] }
        return ["WAYLAND_DISPLAY": display, "GDK_BACKEND": "wayland", "G_DEBUG": "fatal-criticals",
                "XDG_RUNTIME_DIR": directory.file("runtime")]
    }

    /// Runs xdotool on this display and returns its standard output; throws if it fails.
    @discardableResult
    public func xdotool(_ arguments: String...) throws -> String { try xdotool(arguments: arguments) }

    /// Runs xdotool with `arguments` on this display and returns its standard output; throws if it fails.
    @discardableResult
    public func xdotool(arguments: [String]) throws -> String {
        let result = try ChildProcess.run(
            "xdotool", arguments, environment: environment(), outputDirectory: directory.path)
        guard result.status == 0 else {
            throw DesktopError.commandFailed("xdotool \(arguments.joined(separator: " "))", result.error)
        }
        return result.output
    }

    /// Where `window` is on the screen and how large, in pixels (as xdotool reports it).
    public func geometry(of window: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        var values: [String: Int] = [:]
        for line in try xdotool("getwindowgeometry", "--shell", window).split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        return (values["X"] ?? 0, values["Y"] ?? 0, values["WIDTH"] ?? 0, values["HEIGHT"] ?? 0)
    }

    /// The titles of the visible windows whose title matches `pattern` (a regular expression).
    public func windowTitles(matching pattern: String) -> [String] {
        guard let ids = try? xdotool("search", "--onlyvisible", "--name", pattern) else { return [] }
        return ids.split(separator: "\n").compactMap {
            try? xdotool("getwindowname", String($0)).trimmingCharacters(in: .newlines)
        }
    }

    /// The X ids (as xdotool gives them) of the top-level windows, bottom to
    /// top: as the window manager lists them (`_NET_CLIENT_LIST_STACKING`),
    /// or without one, the X server's stacking order of the root's children
    /// (which xwininfo lists top first).
    public func stackingOrder() throws -> [String] {
        func run(_ command: String, _ arguments: [String]) throws -> String {
            let result = try ChildProcess.run(command, arguments, environment: environment(), outputDirectory: directory.path)
            guard result.status == 0 else { throw DesktopError.commandFailed("\(command) \(arguments.joined(separator: " "))", result.error) }
            return result.output
        }
        func ids(_ text: some StringProtocol) -> [String] {
            text.split(whereSeparator: { " ,\n".contains($0) }).compactMap { field in
                guard field.hasPrefix("0x"), let id = UInt(field.dropFirst(2), radix: 16) else { return nil }
                return String(id)
            }
        }
        let managed = try run("xprop", ["-root", "_NET_CLIENT_LIST_STACKING"])
        if let listed = managed.split(separator: "#").dropFirst().first { return ids(listed) }
        let children = try run("xwininfo", ["-root", "-children"]).split(separator: "\n")
        return children.flatMap { ids($0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " }) }.reversed()
    }

    /// Waits up to `seconds` for a visible window titled to match `pattern`; returns its X id.
    public func waitForWindow(matching pattern: String, seconds: Double = 15) throws -> String {
        var found = ""
        let appeared = eventually(within: seconds) {
            let ids = (try? xdotool("search", "--onlyvisible", "--name", pattern)) ?? ""
            found = ids.split(separator: "\n").first.map(String.init) ?? ""
            return !found.isEmpty
        }
        guard appeared else {
            throw DesktopError.noWindow(pattern, windowTitles(matching: "."))
        }
        return found
    }

    /// Asks the window manager to activate `window` until it is the active
    /// window (the one keys go to), for up to `seconds`. False if it never
    /// became active, or is gone.
    public func activate(_ window: String, seconds: Double = 5) -> Bool {
        eventually(within: seconds) {
            guard (try? xdotool("windowactivate", "--sync", window)) != nil else { return false }
            return isActive(window)
        }
    }

    /// Whether `window` is the active window.
    public func isActive(_ window: String) -> Bool {
        (try? xdotool("getactivewindow"))?.trimmingCharacters(in: .whitespacesAndNewlines) == window
    }

    /// Gives `window` the keyboard focus and types `text` into it, line by line
    /// (Return between lines: xdotool's "\n" does not reach GTK text views).
    public func type(_ text: String, into window: String, delayMilliseconds: Int = 12) throws {
        try xdotool("windowfocus", "--sync", window)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { try xdotool("key", "--window", window, "Return") }
            // After "--", a line that starts with "-" (a list item) is text, not an option.
            if !line.isEmpty { try xdotool("type", "--delay", "\(delayMilliseconds)", "--", String(line)) }
        }
    }

    /// Ends the display server at once (SIGKILL), as a compositor crash or a
    /// display lost to a logout in the wrong order does: every program on it
    /// loses its display.
    public func loseDisplay() {
        server.send(SIGKILL)
        _ = server.waitForExit(seconds: 10)
    }

    /// Saves a screenshot of the whole display as PNG at `path` (ImageMagick's
    /// import on X11, grim on sway; mutter lets no program take one but
    /// through a screen cast, so there it throws).
    public func screenshot(to path: String) throws {
        guard gnomeCompositor == nil else { throw DesktopError.commandFailed("screenshot", "mutter takes none") }
        let command = compositor == nil ? ["import", "-window", "root", path] : ["grim", path]
        let result = try ChildProcess.run(command[0], Array(command.dropFirst()), environment: environment(), outputDirectory: directory.path)
        guard result.status == 0 else { throw DesktopError.commandFailed(command[0], result.error) }
    }
}
