import CGtk

/// A GtkApplication: the process's connection to the desktop.
///
/// It owns the main loop (`run()`), makes the app single-instance over D-Bus,
/// and routes application actions and their keyboard accelerators.
@MainActor
public final class DesktopApplication: Object {
    var gtkApplicationPointer: UnsafeMutablePointer<GtkApplication> {
        cgtk_as_gtk_application(objectPointer)
    }
    var applicationPointer: UnsafeMutablePointer<GApplication> { cgtk_as_application(objectPointer) }

    /// A new application with a reverse-DNS identifier such as "org.example.App".
    /// A unique application hands a second launch over to the running one over
    /// D-Bus; a non-unique one (a test program) always runs on its own. One that
    /// handles its command line receives every launch's options and arguments
    /// in `onCommandLine` (and "activate" only if it asks for it). One that
    /// handles opening receives URIs sent over D-Bus (a desktop opening a
    /// link with a D-Bus-activated app) in `onOpen`.
    public init(id: String, isUnique: Bool = true, handlesCommandLine: Bool = false, handlesOpening: Bool = false) {
        var flags = isUnique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE
        if handlesCommandLine { flags = GApplicationFlags(flags.rawValue | G_APPLICATION_HANDLES_COMMAND_LINE.rawValue) }
        if handlesOpening { flags = GApplicationFlags(flags.rawValue | G_APPLICATION_HANDLES_OPEN.rawValue) }
        // libadwaita's application: GNOME's style, and its style manager follows the
        // desktop's light or dark preference (the settings portal), live.
        super.init(adopting: adw_application_new(id, flags))
        // No resource bundle under the id's path, so none of GTK's loading from it. GTK's
        // startup would make the icon theme to add that path's icons, and making it starts
        // the theme's reading on a thread; libadwaita then adds its own icons, which waits
        // for that reading (10-12 ms on the main thread) and throws it away.
        g_application_set_resource_base_path(applicationPointer, nil)
        let application = applicationPointer
        observe(property: "is-registered") { GTKThemeSkipping.applicationRegistered(application) }
        onStartup { WindowRenderer.toolkitStarted() }  // before the app's own: connected first
    }

    /// Whether an instance of the app `id` runs on this session's bus (its
    /// name has an owner); nil if there is no session bus to ask. Asked
    /// without GTK, for a command that needs no window.
    public static func isRunning(id: String) -> Bool? {
        switch cgtk_session_bus_name_has_owner(id) {
        case 1: true
        case 0: false
        default: nil
        }
    }

    /// Names the program after the application's identifier (before `run()`):
    /// GTK labels every window with it (X11's WM_CLASS, Wayland's app id),
    /// dialogs and windows outside the application's own included.
    public func nameProgramAfterApplication() {
        g_set_prgname(g_application_get_application_id(applicationPointer))
    }

    /// Exports an object at `path` on the app's session bus connection with the
    /// one interface `interfaceXML` (D-Bus introspection XML) describes;
    /// `handler` answers each call of its methods, on the main loop. Export it
    /// before `run()`: the object is then there before the app's name appears
    /// on the bus, for a caller that started the app to reach it (calls wait
    /// for the app's startup). Each call keeps the app running for ten seconds
    /// at least: an app the bus started as a service stays up while it is
    /// asked things, and quits a while after the last call. Throws `DBusExportError`
    /// saying why it could not.
    public func exportObject(
        path: String, interfaceXML: String, handler: @escaping @MainActor (DBusMethodCall) -> Void
    ) throws {
        typealias Box = ClosureBox<@MainActor (DBusMethodCall) -> Void>
        let application = applicationPointer
        let box = Box({ call in
            handler(call)
            // Up for a while after each call, as GApplication keeps a service up after it starts.
            g_application_hold(application)
            MainLoop.after(milliseconds: DesktopApplication.serviceLingerMilliseconds) { g_application_release(application) }
        }, kind: .signalHandler)
        var message: UnsafeMutablePointer<CChar>?
        let id = cgtk_session_bus_export_object(path, interfaceXML, { method, parameters, invocation, data in
            guard let method, let parameters, let invocation else { return }
            let call = DBusMethodCall(method: String(cString: method), parameters: parameters, invocation: invocation)
            MainActor.assumeIsolated { Box.from(data).closure(call) }
        }, box.retainedPointer(), { data in
            MainActor.assumeIsolated { Box.release(data) }
        }, &message)
        guard id != 0 else {
            defer { g_free(message) }
            throw DBusExportError(path: path, reason: message.map { String(cString: $0) } ?? "unknown error")
        }
    }

    /// How long a call to an exported object keeps the app running, at least.
    static let serviceLingerMilliseconds: UInt32 = 10_000

    /// Declares the boolean option `--<name>`, listed with `description` in `--help`.
    public func addFlag(_ name: String, description: String) {
        cgtk_application_add_flag(objectPointer, name, description)
    }

    /// Declares the option `--<name>=VALUE` whose value is a file or folder
    /// (`valueName` names it in `--help`, such as "DIR").
    public func addFileNameOption(_ name: String, valueName: String, description: String) {
        cgtk_application_add_filename_option(objectPointer, name, description, valueName)
    }

    /// What `--help` says above the options (a one-line summary) and below them.
    public func describeOptions(summary: String, description: String) {
        cgtk_application_describe_options(objectPointer, summary, description)
    }

    /// Declares that arguments after the options are URIs, listed in `--help`.
    public func acceptURIs(description: String) {
        cgtk_application_add_remaining_uris(objectPointer, description)
    }

    /// Calls `handler` in the primary instance for every launch's command line;
    /// its result is the exit status of the process that ran the command.
    @discardableResult
    public func onCommandLine(
        _ handler: @escaping @MainActor (CommandLineInvocation) -> Int32
    ) -> SignalConnection {
        connectBoxed(handler) { data, release in
            cgtk_signal_connect_command_line(objectPointer, { _, commandLine, data in
                guard let commandLine else { return 1 }  // GApplication always passes one
                return MainActor.assumeIsolated { ClosureBox<@MainActor (CommandLineInvocation) -> Int32>.from(data).closure(CommandLineInvocation(pointer: commandLine)) }
            }, data, release)
        }
    }

    /// Calls `handler` in the primary instance with the URIs a desktop asked it
    /// to open over D-Bus (`org.freedesktop.Application.Open`).
    @discardableResult
    public func onOpen(_ handler: @escaping @MainActor ([String]) -> Void) -> SignalConnection {
        connectBoxed(handler) { data, release in
            cgtk_signal_connect_open(objectPointer, { _, files, count, _, data in
                let uris = (0..<Int32(count)).compactMap { index -> String? in
                    guard let files, let uri = cgtk_open_file_uri(files, index) else { return nil }
                    defer { g_free(uri) }
                    return String(cString: uri)
                }
                MainActor.assumeIsolated { ClosureBox<@MainActor ([String]) -> Void>.from(data).closure(uris) }
            }, data, release)
        }
    }

    /// Emits "activate", as a plain launch would.
    public func activate() { g_application_activate(applicationPointer) }

    /// Called once in the primary instance, before the first activation.
    @discardableResult
    public func onStartup(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("startup", handler)
    }

    /// Called when the app is launched or launched again (a second run of the program with no arguments).
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
        g_action_map_add_action(cgtk_as_action_map(objectPointer), cgtk_as_action(action.objectPointer))
        setAccelerators(accelerators, forAction: "app.\(name)")
    }

    /// Adds the application action `app.<name>` with an on/off state, off at
    /// first, shown in menus as a check box. Activating it calls `handler` with
    /// the state asked for (the opposite of the current one); the state changes
    /// only when `setToggleState(_:ofAction:)` says so.
    public func addToggleAction(
        _ name: String, accelerators: [String] = [], _ handler: @escaping @MainActor (Bool) -> Void
    ) {
        let action = SimpleAction(name: name, isOn: false)
        action.onActivate { [weak self] in
            guard let self else { return }
            handler(cgtk_action_map_boolean_state(self.objectPointer, name) == 0)
        }
        g_action_map_add_action(cgtk_as_action_map(objectPointer), cgtk_as_action(action.objectPointer))
        setAccelerators(accelerators, forAction: "app.\(name)")
    }

    /// Sets, in every menu, the check box of an action added with `addToggleAction`.
    public func setToggleState(_ isOn: Bool, ofAction name: String) {
        cgtk_action_map_set_boolean_state(objectPointer, name, isOn ? 1 : 0)
    }

    /// Adds the application action `app.<name>` that takes a string, used in menus
    /// as "app.<name>::<value>".
    /// With `marking`, menus mark the item whose value `markItem(_:ofAction:)`
    /// last named (a radio mark, such as the current window's).
    public func addAction(_ name: String, marking: Bool = false, _ handler: @escaping @MainActor (String) -> Void) {
        let action = SimpleAction(name: name, markedValue: marking ? "" : nil, stringHandler: handler)
        g_action_map_add_action(cgtk_as_action_map(objectPointer), cgtk_as_action(action.objectPointer))
    }

    /// Marks, in every menu, the item "app.<name>::<value>" of an action added with `marking`.
    public func markItem(_ value: String, ofAction name: String) {
        cgtk_action_map_set_string_state(objectPointer, name, value)
    }

    /// Sets the keyboard accelerators for a detailed action name such as "app.quit".
    public func setAccelerators(_ accelerators: [String], forAction detailedName: String) {
        CStringList.withList(accelerators) { gtk_application_set_accels_for_action(gtkApplicationPointer, detailedName, $0) }
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
