/// A window as sway shows it (`PrivateDesktop.waylandWindows()`).
public struct WaylandWindow: Sendable, Equatable {
    /// Its title.
    public var title: String
    /// The app id its program gave it.
    public var appID: String
    /// Where it is on the screen and how large, in pixels, its title bar included.
    public var x: Int, y: Int, width: Int, height: Int
    /// Whether it has the keyboard focus.
    public var isFocused: Bool
}
