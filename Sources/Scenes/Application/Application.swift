import FoundationEssentials
public import GtkKit
import Storage

/// The process's application object (UIKit's `UIApplication`): owns the
/// GtkApplication, the scene sessions and their store, and drives every
/// scene through the lifecycle contract (the sequences A to J of this
/// framework's documentation, `Sources/Scenes/Scenes.docc`).
@MainActor
public final class Application {
    /// The running application, once `run` has created it.
    public private(set) static var shared: Application?

    /// The application delegate.
    public let delegate: any ApplicationDelegate
    /// The scene manifest.
    public let manifest: SceneManifest
    /// Every session connected or saved and not discarded.
    public var openSessions: Set<SceneSession> { Set(sessions.values) }
    /// The scenes that currently have a window.
    public var connectedScenes: Set<Scene> { Set(scenes.values) }
    /// The scenes that currently have a window, the one whose window was
    /// active most recently first (on Linux there is no system to ask which
    /// window is in front; the order is the one the window menu and a
    /// relaunch use).
    public var scenesFrontToBack: [WindowScene] { scenes.values.sorted { $0.session.stacking > $1.session.stacking } }
    /// Whether the app may show more than one window (from the manifest).
    public var supportsMultipleScenes: Bool { manifest.supportsMultipleScenes }

    /// A menu listing every open session by title, connected or not;
    /// choosing one brings its window forward or reconnects it (D). Put it in
    /// every window's primary menu, as a submenu: it grows with the windows.
    public let windowMenu = Menu()

    let desktop: DesktopApplication
    /// Where the sessions are kept (`scenes.sqlite`).
    let stateDirectory: String
    var store: SessionStore?
    var sessions: [String: SceneSession] = [:]
    var scenes: [String: WindowScene] = [:]
    var stackingCounter: Int64 = 0
    var isTerminating = false
    var hasLaunched = false
    let saveScheduler = RestorationSaveScheduler()
    var pendingStateUpdates: Set<String> = []
    /// The sessions this process runs, as opposed to another instance's.
    var claims: SessionClaims?
    /// This launch, in the store's restoration marks.
    let launchIdentifier = UUID().uuidString
    /// Sessions whose restoration activity is being saved: a save asked for
    /// meanwhile (the delegate touching the activity) must not start another.
    var savingActivity: Set<String> = []
    /// Whether the delegate answered `.terminateLater` and its reply is awaited.
    var awaitingTerminationReply = false
    var hasTerminated = false
    /// The last store failure logged, so a full disk is reported once, not per save.
    var lastPersistFailure: String?
    /// What `windowMenu` holds, and whether an update is due.
    var windowMenuItems: [WindowMenuItem] = []
    var windowMenuRefreshIsPending = false
    /// The low-memory and termination-signal handlers, removed when the app goes.
    private var processHandlers: [Subscription] = []

    /// Why the saved windows could not be used this launch, if they could not.
    public internal(set) var sessionStoreProblem: SessionStoreProblem?
    /// The windows the crash-loop guard did not reopen at this launch.
    public internal(set) var setAsideThisLaunch: [SetAsideSession] = []

    /// Whether the app's windows follow the desktop's light or dark
    /// preference, live. Off by default: the windows are light, as plain GTK
    /// draws them, until the app, which knows whether its content suits a dark
    /// style, opts in: before `run()`, so startup sets the style once (set later,
    /// in `didFinishLaunchingWithOptions`, it changes the style a second time).
    public var followsDesktopStyle = false {
        didSet { if isStarted { DesktopStyle.followsDesktop = followsDesktopStyle } }
    }

    /// Set at startup: the style manager exists from then on.
    var isStarted = false

    /// What `--version` prints, once the app gave it (`describeCommandLine`).
    var versionLine: String?

    /// What the app's `--help` says above and below its options, and
    /// the line `--version` prints (at once, without a display or a window). Call
    /// before `run()`.
    public func describeCommandLine(summary: String, details: String, version: String) {
        desktop.describeOptions(summary: summary, description: details)
        desktop.addFlag("version", description: FrameworkText.localized("Show the version and quit"))
        versionLine = version
    }

    /// Creates the application; `run()` starts it. Its sessions are kept in
    /// `stateDirectory` (by default, the desktop's state folder named after
    /// `applicationID`); the framework's own translations (`scenes.mo`) are read
    /// from `localeDirectory`, laid out as `<language>/LC_MESSAGES/scenes.mo`
    /// (by default, the system's).
    public init(
        applicationID: String, manifest: SceneManifest, delegate: any ApplicationDelegate,
        stateDirectory: String? = nil, localeDirectory: String? = nil
    ) {
        if let localeDirectory { Localization.bind(domain: FrameworkText.domain, directory: localeDirectory) }
        self.delegate = delegate
        self.manifest = manifest
        self.stateDirectory = stateDirectory ?? AppDirectories(applicationID: applicationID).stateDirectory
        desktop = DesktopApplication(id: applicationID, handlesCommandLine: true, handlesOpening: true)
        desktop.addFlag("new-window", description: FrameworkText.localized("Open a new window in the running app"))
        desktop.addFlag("fresh", description: FrameworkText.localized("Start with one new window, discarding the saved ones"))
        desktop.acceptURIs(description: FrameworkText.localized("Open these URIs"))
        Application.shared = self
        // The application object may outlive this one in GLib: every handler holds it weakly.
        desktop.onStartup { [weak self] in self?.startUp() }
        desktop.onCommandLine { [weak self] in self?.handle($0) ?? 1 }
        desktop.onActivate { [weak self] in self?.handleActivation() }
        desktop.onOpen { [weak self] in self?.handleOpen($0) }
        desktop.onShutdown { [weak self] in self?.finishTermination() }
        desktop.addAction("quit", accelerators: ["<Control>q"]) { [weak self] in self?.requestTermination() }
        desktop.addAction("disconnect-background-scenes") { [weak self] in self?.disconnectBackgroundScenes() }
        desktop.addAction("show-session", marking: true) { [weak self] identifier in
            guard let self, let session = sessions[identifier] else { return }
            requestSceneSessionActivation(session, userActivity: nil)
        }
        // Process-wide handlers, released with this object.
        processHandlers = [
            MemoryMonitor.onLowMemoryWarning { [weak self] in self?.disconnectBackgroundScenes() },
            UnixSignals.onTerminationRequest { [weak self] in self?.terminate() },
        ].compactMap { $0 }
    }

    /// Runs the app until it quits; returns the exit status.
    public func run() -> Int32 {
        // --version is answered here, before GTK needs a display or a running app is asked.
        let arguments = CommandLine.arguments.dropFirst()
        if let versionLine, arguments.contains("--version") {
            print(versionLine)
            return 0
        }
        if !arguments.contains(where: { $0 == "-h" || $0.hasPrefix("--help") }) {
            // Every window and dialog carries the app's identifier (X11's
            // WM_CLASS, Wayland's app id), so docks and the Shell group them
            // with the app; `--help` keeps the command's own name.
            desktop.nameProgramAfterApplication()
            for export in exports {
                do {
                    try desktop.exportObject(path: export.path, interfaceXML: export.interfaceXML, handler: export.handler)
                } catch {
                    SceneLog.error("\(error)")
                }
            }
        }
        return desktop.run()
    }

    /// Objects to export on the session bus when the app runs.
    private var exports: [(path: String, interfaceXML: String, handler: @MainActor (DBusMethodCall) -> Void)] = []

    /// Exports an object on the app's session bus connection (a desktop
    /// integration such as a search provider) when `run()` starts, before the
    /// app's name appears on the bus; see `DesktopApplication.exportObject`. A
    /// failure is logged. Not for `--version` or `--help`, which need no bus.
    public func exportObject(
        path: String, interfaceXML: String, handler: @escaping @MainActor (DBusMethodCall) -> Void
    ) {
        exports.append((path, interfaceXML, handler))
    }

    /// The commands the app added to its command line.
    var commands: [(name: String, takesValue: Bool, handler: @MainActor (LaunchCommand) -> Void)] = []

    /// Adds the option `--<name>` to the command line (`--<name>=VALUE` with a
    /// `valueName`, such as "DIR", for an option that takes a file or folder).
    /// A launch that gives it runs `handler` in the running instance instead of
    /// opening or restoring windows; `handler` answers through the
    /// `LaunchCommand`, at once or later. Call before `run()`.
    public func addCommand(
        _ name: String, valueName: String? = nil, description: String,
        _ handler: @escaping @MainActor (LaunchCommand) -> Void
    ) {
        if let valueName {
            desktop.addFileNameOption(name, valueName: valueName, description: description)
        } else {
            desktop.addFlag(name, description: description)
        }
        commands.append((name, valueName != nil, handler))
    }

    /// Adds an application action `app.<name>` with keyboard accelerators.
    public func addAction(_ name: String, accelerators: [String] = [], _ handler: @escaping @MainActor () -> Void) {
        desktop.addAction(name, accelerators: accelerators, handler)
    }

    /// Adds an application action `app.<name>` with an on/off state, shown in
    /// menus as a check box: `handler` hears the state asked for, and the state
    /// changes when `setToggleState(_:ofAction:)` says so.
    public func addToggleAction(_ name: String, accelerators: [String] = [], _ handler: @escaping @MainActor (Bool) -> Void) {
        desktop.addToggleAction(name, accelerators: accelerators, handler)
    }

    /// Sets the check box of an action added with `addToggleAction` in every menu.
    public func setToggleState(_ isOn: Bool, ofAction name: String) {
        desktop.setToggleState(isOn, ofAction: name)
    }

    /// Quits as Ctrl+Q does, after asking the delegate
    /// (`applicationShouldTerminate(_:)`), which may cancel or answer later.
    public func requestTermination() {
        guard !isTerminating, !awaitingTerminationReply else { return }
        switch delegate.applicationShouldTerminate(self) {
        case .terminateNow: terminate()
        case .terminateCancel: break
        case .terminateLater: awaitingTerminationReply = true
        }
    }

    /// The delegate's answer after `.terminateLater`: quit, or carry on.
    public func reply(toApplicationShouldTerminate shouldTerminate: Bool) {
        guard awaitingTerminationReply else { return }
        awaitingTerminationReply = false
        if shouldTerminate { terminate() }
    }

    /// Quits without asking, as a logout or SIGTERM does: every scene is saved
    /// and disconnected, sessions are kept.
    public func terminate() {
        guard !isTerminating else { return }
        isTerminating = true
        for scene in scenes.values.sorted(by: { $0.session.stacking < $1.session.stacking }) {
            disconnect(scene, discarding: false)
        }
        finishTermination()
        desktop.quit()
    }

    /// A new window of this app's, not yet shown: for a scene delegate that
    /// builds its scene's window ahead (``WindowSceneDelegate/windowBuiltAhead(for:)``).
    /// A window made but never handed to a scene goes when the app quits.
    public func makeWindow() -> Window { Window(application: desktop) }

    /// Marks this process's sessions as ended cleanly and tells the delegate;
    /// runs once, however the loop ended.
    func finishTermination() {
        guard !hasTerminated else { return }
        hasTerminated = true
        isTerminating = true
        createStoreFile()
        for scene in Array(scenes.values) { disconnect(scene, discarding: false) }
        // The windows off the screen before the last writes, the delegate's
        // may take a while: a closed window lingering there takes keys into nothing.
        Toolkit.syncDisplay()
        let owned = Array(sessions.keys)
        persist { try $0.endCleanly(owned) }
        SceneTrace.application("applicationWillTerminate(_:)")
        delegate.applicationWillTerminate(self)
        store?.close()
    }

    /// Brings `windowMenu` up to date with the open sessions, most recently
    /// active first, once the current burst of changes is over (an idle
    /// moment): restoring a hundred windows changes it once, not a hundred times.
    func refreshWindowMenu() {
        guard !windowMenuRefreshIsPending else { return }
        windowMenuRefreshIsPending = true
        MainLoop.idle { [weak self] in
            self?.windowMenuRefreshIsPending = false
            self?.updateWindowMenu()
            return false
        }
    }

    /// Changes only the items that differ (each change reaches every open menu).
    /// An item reads the window's menu title (or title), with its scene's subtitle (what kind of
    /// window it is) in brackets; windows that would read alike are numbered,
    /// each keeping its number; the window in front is marked.
    private func updateWindowMenu() {
        let ordered = sessions.values.sorted { $0.stacking > $1.stacking }
        let named = ordered.map { session -> (label: String, subtitle: String) in
            let title = session.scene.map { $0.menuTitle.isEmpty ? $0.title : $0.menuTitle } ?? session.activityTitle ?? ""
            return (title.isEmpty ? FrameworkText.localized("Window") : title, session.scene?.subtitle ?? "")
        }
        let alike = Dictionary(grouping: ordered.indices) { "\(named[$0].label)\u{0}\(named[$0].subtitle)" }
        var number: [Int: Int] = [:]
        for indices in alike.values where indices.count > 1 {
            // By identifier: a window keeps its number as focus moves between them.
            let stable = indices.sorted { ordered[$0].persistentIdentifier < ordered[$1].persistentIdentifier }
            for (rank, index) in stable.enumerated() { number[index] = rank + 1 }
        }
        let wanted = ordered.indices.map { index -> WindowMenuItem in
            let (title, subtitle) = named[index]
            let detail = [subtitle.isEmpty ? nil : subtitle, number[index].map(String.init)].compactMap { $0 }.joined(separator: " ")
            let label = detail.isEmpty ? title : "\(title) (\(detail))"
            return WindowMenuItem(label: label, action: "app.show-session::\(ordered[index].persistentIdentifier)")
        }
        let front = ordered.first { $0.scene?.activationState == .foregroundActive } ?? ordered.first { $0.scene != nil }
        desktop.markItem(front?.persistentIdentifier ?? "", ofAction: "show-session")
        var prefix = 0
        while prefix < min(wanted.count, windowMenuItems.count), wanted[prefix] == windowMenuItems[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(wanted.count, windowMenuItems.count) - prefix,
              wanted[wanted.count - 1 - suffix] == windowMenuItems[windowMenuItems.count - 1 - suffix] { suffix += 1 }
        for _ in prefix..<(windowMenuItems.count - suffix) { windowMenu.remove(at: prefix) }
        for (offset, item) in wanted[prefix..<(wanted.count - suffix)].enumerated() {
            windowMenu.insert(item.label, action: item.action, at: prefix + offset)
        }
        windowMenuItems = wanted
    }

    /// Runs a store operation, logging (never throwing) a failure: a full disk
    /// must not take the windows down. A failure like the last one is not
    /// logged again until an operation succeeds. Returns whether it succeeded.
    @discardableResult
    func persist(_ operation: (SessionStore) throws -> Void) -> Bool {
        guard let store else { return false }
        do {
            try operation(store)
            lastPersistFailure = nil
            return true
        } catch {
            let message = "\(error)"
            if message != lastPersistFailure {
                let advice = (error as? StorageError).map { " " + SceneLog.advice(for: $0.kind, path: store.path) } ?? ""
                SceneLog.error("could not save window state: \(message)\(advice)")
            }
            lastPersistFailure = message
            return false
        }
    }

    /// Claims a session for this process; without a claims file every claim succeeds.
    func claim(_ identifier: String) -> Bool { claims?.claim(identifier) ?? true }
}

/// Keys of the launch settings in the session store.
enum LaunchKey {
    static let restorationDisabled = "restoration_disabled"
}
