public import GtkKit
public import Storage

/// The process's application object (UIKit's `UIApplication`): owns the
/// GtkApplication, the scene sessions and their store, and drives every
/// scene through the lifecycle contract (`../shared/design/scene-lifecycle.md`).
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
    /// Whether the app may show more than one window (from the manifest).
    public var supportsMultipleScenes: Bool { manifest.supportsMultipleScenes }

    /// A menu section listing every open session by title, connected or not;
    /// choosing one brings its window forward or reconnects it (D). Put it in
    /// every window's primary menu.
    public let windowMenu = Menu()

    let desktop: DesktopApplication
    let directories: AppDirectories
    var store: SessionStore?
    var sessions: [String: SceneSession] = [:]
    var scenes: [String: WindowScene] = [:]
    var stackingCounter: Int64 = 0
    var isTerminating = false
    var hasLaunched = false
    let saveScheduler = RestorationSaveScheduler()
    var pendingStateUpdates: Set<String> = []

    /// Creates the application; `run()` starts it.
    public init(
        applicationID: String, manifest: SceneManifest, delegate: any ApplicationDelegate,
        directories: AppDirectories? = nil
    ) {
        self.delegate = delegate
        self.manifest = manifest
        self.directories = directories ?? AppDirectories(applicationID: applicationID)
        desktop = DesktopApplication(id: applicationID, handlesCommandLine: true, handlesOpening: true)
        desktop.addFlag("new-window", description: localized("Open a new window in the running app"))
        desktop.addFlag("fresh", description: localized("Start with one new window, discarding the saved ones"))
        desktop.acceptURIs(description: localized("Open these URIs"))
        Application.shared = self
        desktop.onStartup { [unowned self] in startUp() }
        desktop.onCommandLine { [unowned self] in handle($0) }
        desktop.onActivate { [unowned self] in handleActivation() }
        desktop.onOpen { [unowned self] in handleOpen($0) }
        desktop.onShutdown { [unowned self] in finishTermination() }
        desktop.addAction("quit", accelerators: ["<Control>q"]) { [unowned self] in terminate() }
        desktop.addAction("disconnect-background-scenes") { [unowned self] in disconnectBackgroundScenes() }
        desktop.addAction("show-session") { [unowned self] identifier in
            if let session = sessions[identifier] { requestSceneSessionActivation(session, userActivity: nil) }
        }
        MemoryMonitor.onLowMemoryWarning { [unowned self] in disconnectBackgroundScenes() }
        UnixSignals.onTerminationRequest { [unowned self] in terminate() }
    }

    /// Runs the app until it quits; returns the exit status.
    public func run() -> Int32 { desktop.run() }

    /// Adds an application action `app.<name>` with keyboard accelerators.
    public func addAction(_ name: String, accelerators: [String] = [], _ handler: @escaping @MainActor () -> Void) {
        desktop.addAction(name, accelerators: accelerators, handler)
    }

    /// Quits as Ctrl+Q does: every scene is saved and disconnected, sessions are kept.
    public func terminate() {
        guard !isTerminating else { return }
        isTerminating = true
        for scene in scenes.values.sorted(by: { $0.session.stacking < $1.session.stacking }) {
            disconnect(scene, discarding: false)
        }
        finishTermination()
        desktop.quit()
    }

    /// Marks the exit clean and tells the delegate; runs once, however the loop ended.
    func finishTermination() {
        guard !hasTerminated else { return }
        hasTerminated = true
        isTerminating = true
        for scene in Array(scenes.values) { disconnect(scene, discarding: false) }
        persist { try $0.setLaunchValue(LaunchKey.cleanExit, 1) }
        SceneTrace.application("applicationWillTerminate(_:)")
        delegate.applicationWillTerminate(self)
        store?.close()
    }
    private var hasTerminated = false

    /// Rebuilds `windowMenu` from the open sessions, most recently active first.
    func refreshWindowMenu() {
        windowMenu.removeAll()
        for session in sessions.values.sorted(by: { $0.stacking > $1.stacking }) {
            let title = session.scene.map(\.title) ?? session.stateRestorationActivity?.title ?? ""
            windowMenu.append(title.isEmpty ? localized("Window") : title, action: "app.show-session::\(session.persistentIdentifier)")
        }
    }

    /// Runs a store operation, logging (never throwing) a failure: a full disk
    /// must not take the windows down.
    func persist(_ operation: (SessionStore) throws -> Void) {
        guard let store else { return }
        do {
            try operation(store)
        } catch {
            SceneLog.error("could not save window state: \(error)")
        }
    }
}

/// Keys of the launch bookkeeping in the session store.
enum LaunchKey {
    static let cleanExit = "clean_exit"
    static let unfinishedRestorations = "unfinished_restorations"
    static let restorationDisabled = "restoration_disabled"
}
