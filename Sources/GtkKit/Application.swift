import CGtk

/// A GtkApplication: the process's connection to the desktop.
///
/// It owns the main loop (`run()`), makes the app single-instance over D-Bus,
/// and routes application actions and their keyboard accelerators.
@MainActor
public final class Application: Object {
    var gtkApplicationPointer: UnsafeMutablePointer<GtkApplication> {
        quire_as_gtk_application(objectPointer)
    }
    var applicationPointer: UnsafeMutablePointer<GApplication> { quire_as_application(objectPointer) }

    /// A new application with a reverse-DNS identifier such as "io.github.quire.Quire".
    /// A unique application hands a second launch over to the running one over
    /// D-Bus; a non-unique one (a test program) always runs on its own.
    public init(id: String, isUnique: Bool = true) {
        super.init(adopting: gtk_application_new(
            id, isUnique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE))
    }

    /// Called once in the primary instance, before the first activation.
    @discardableResult
    public func onStartup(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("startup", handler)
    }

    /// Called when the app is launched or launched again (a second `quire` with no arguments).
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate", handler)
    }

    /// Called once in the primary instance, after the main loop ends.
    @discardableResult
    public func onShutdown(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("shutdown", handler)
    }

    /// Adds the application action `app.<name>`, triggered by `accelerators` (e.g. "<Control>q").
    public func addAction(
        _ name: String, accelerators: [String] = [], _ handler: @escaping @MainActor () -> Void
    ) {
        let action = SimpleAction(name: name)
        action.onActivate(handler)
        g_action_map_add_action(quire_as_action_map(objectPointer), quire_as_action(action.objectPointer))
        setAccelerators(accelerators, forAction: "app.\(name)")
    }

    /// Sets the keyboard accelerators for a detailed action name such as "app.quit".
    public func setAccelerators(_ accelerators: [String], forAction detailedName: String) {
        let copies = accelerators.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var list: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        gtk_application_set_accels_for_action(gtkApplicationPointer, detailedName, &list)
    }

    /// Runs the main loop with the process's command line; returns the exit status.
    public func run() -> Int32 {
        g_application_run(applicationPointer, CommandLine.argc, CommandLine.unsafeArgv)
    }

    /// Keeps the app running while it has no window, until a matching `release()`.
    public func hold() { g_application_hold(applicationPointer) }

    /// Balances one `hold()`.
    public func release() { g_application_release(applicationPointer) }

    /// Ends the main loop; `run()` returns after "shutdown".
    public func quit() { g_application_quit(applicationPointer) }
}
