/// How a connection came about (after GTK 4.22's `GtkRestoreReason`): a new
/// scene, a relaunch after a clean quit, or a relaunch after a crash.
public enum SceneRestoration: Sendable, Hashable {
    /// A new scene, restoring nothing.
    case none
    /// A session saved by a normal quit, reconnected at launch.
    case launch
    /// A session left by a crash or SIGKILL, reconnected at launch.
    case recover
}
