import CGtk

/// GTK itself, for programs that use widgets without an `Application` (tests).
@MainActor
public enum Toolkit {
    /// Initialises GTK on the calling (main) thread; returns whether a display
    /// could be opened. Safe to call more than once.
    @discardableResult
    public static func initialize() -> Bool { gtk_init_check() != 0 }
}
