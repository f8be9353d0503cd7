/// A mouse button, numbered as GDK numbers them.
public enum MouseButton: UInt32, Sendable {
    /// The main button (usually the left one).
    case primary = 1
    /// The context-menu button (usually the right one).
    case secondary = 3
}
