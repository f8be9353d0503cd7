import Foundation

/// What a test does on a Wayland desktop (`PrivateDesktop(wayland: true)`):
/// sway's own commands, its window tree, and keys typed, with wtype on sway
/// and through mutter's remote desktop interface on mutter.
extension PrivateDesktop {
    /// Runs swaymsg on this desktop's compositor and returns its output; throws if it fails.
    @discardableResult
    public func swaymsg(_ arguments: String...) throws -> String {
        guard let compositor else { throw DesktopError.commandFailed("swaymsg", "not a Wayland desktop") }
        return try compositor.swaymsg(arguments)
    }

    /// Takes the keyboard away from sway's seat: it then gives no window the
    /// focus, as GNOME gives none to an app started without an activation
    /// token. Keys can no longer be typed on this desktop.
    public func removeKeyboard() throws {
        guard let compositor else { throw DesktopError.commandFailed("removeKeyboard", "not a Wayland desktop") }
        guard compositor.releaseKeyboard() else { throw DesktopError.commandFailed("removeKeyboard", "the seat kept a keyboard") }
    }

    /// Gives sway's seat a keyboard again, after `removeKeyboard`: sway
    /// then sends the keys to the window its seat has focused.
    public func addKeyboard() throws {
        guard let compositor else { throw DesktopError.commandFailed("addKeyboard", "not a Wayland desktop of sway's") }
        try compositor.holdKeyboard(outputDirectory: directory.path)
    }

    /// The windows sway shows, from the bottom of the stack to the top: each
    /// one's title, app id, place and size on the screen, and whether it has the focus.
    public func waylandWindows() -> [WaylandWindow] {
        guard let text = try? swaymsg("-t", "get_tree"),
              let tree = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return [] }
        var windows: [WaylandWindow] = []
        func visit(_ node: [String: Any]) {
            // Floating windows are listed in their stacking order, the top one last.
            for child in node["floating_nodes"] as? [[String: Any]] ?? [] {
                let rect = child["rect"] as? [String: Any]
                let number = { (key: String) in rect?[key] as? Int ?? 0 }
                windows.append(WaylandWindow(
                    title: child["name"] as? String ?? "", appID: child["app_id"] as? String ?? "",
                    x: number("x"), y: number("y"), width: number("width"), height: number("height"),
                    isFocused: child["focused"] as? Bool ?? false))
            }
            for child in node["nodes"] as? [[String: Any]] ?? [] { visit(child) }
        }
        visit(tree)
        return windows
    }

    /// Waits up to `seconds` for a window titled to match `pattern` (a
    /// regular expression); returns its title.
    public func waitForWaylandWindow(matching pattern: String, seconds: Double = 15) throws -> String {
        var found: String?
        let appeared = eventually(within: seconds) {
            found = waylandWindows().first { $0.title.range(of: pattern, options: .regularExpression) != nil }?.title
            return found != nil
        }
        guard appeared, let found else { throw DesktopError.noWindow(pattern, waylandWindows().map(\.title)) }
        return found
    }

    /// Runs wtype on this desktop (keys to the focused window); throws if it fails.
    public func wtype(_ arguments: [String]) throws {
        let result = try ChildProcess.run("wtype", arguments, environment: environment(), outputDirectory: directory.path)
        guard result.status == 0 else { throw DesktopError.commandFailed("wtype \(arguments.joined(separator: " "))", result.error) }
    }

    /// Types `text` into the focused window, a key every 15 ms (sway drops
    /// keys sent all at once from a keyboard it has just seen); on mutter,
    /// printable ASCII and line breaks only, a key every 10 ms.
    public func typeOnWayland(_ text: String) throws {
        if let gnomeCompositor { return try gnomeCompositor.type(text) }
        try wtype(["-d", "15", "--", text])
    }

    /// Presses `key` (an xkb key name such as "n" or "Return") with `modifiers`
    /// ("ctrl", "shift", "alt") held, in the focused window.
    public func pressOnWayland(_ key: String, with modifiers: [String] = []) throws {
        if let gnomeCompositor { return try gnomeCompositor.press((modifiers + [key]).joined(separator: "+")) }
        try wtype(modifiers.flatMap { ["-M", $0] } + ["-k", key] + modifiers.reversed().flatMap { ["-m", $0] })
    }
}
