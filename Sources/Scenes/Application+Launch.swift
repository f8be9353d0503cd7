import Foundation
import GtkKit
import Storage

/// Launching: the session store, pending discards, and restoring every saved
/// session (sequences A, B and H, `--fresh`, the restore-off setting and the
/// crash-loop guard); and the command lines of later launches.
extension Application {
    func startUp() {
        DesktopColorScheme.follow()  // as UIKit apps follow the system's appearance
        openStore()
        SceneTrace.application("application(_:didFinishLaunchingWithOptions:)")
        _ = delegate.application(self, didFinishLaunchingWithOptions: [:])
    }

    private func openStore() {
        let path = directories.stateFile(SessionStore.fileName)
        do {
            let (store, movedAside) = try SessionStore.openMovingAsideUnreadable(path: path)
            if let movedAside {
                SceneLog.error("the saved windows in \(path) could not be read; the file was moved to \(movedAside) and Quire starts fresh")
            }
            self.store = store
        } catch {
            SceneLog.error("windows will not be saved this time: \(error)")
        }
    }

    /// A launch's command line, in this process or forwarded from a second one.
    func handle(_ commandLine: CommandLineInvocation) -> Int32 {
        let (urls, refused) = urlContexts(for: commandLine.remainingArguments) { commandLine.printError($0) }
        if hasLaunched && commandLine.hasFlag("fresh") {
            commandLine.printError(localized("--fresh applies when the app starts; it is already running"))
        }
        handleLaunch(
            newWindow: commandLine.hasFlag("new-window"), fresh: commandLine.hasFlag("fresh"), urls: urls,
            somethingRefused: refused)
        return refused ? 1 : 0
    }

    /// URIs a desktop sent over D-Bus (a link opened with the D-Bus-activated app).
    /// There is no terminal to answer, so why one cannot be opened is logged.
    func handleOpen(_ uris: [String]) {
        let (urls, refused) = urlContexts(for: uris) { SceneLog.error($0) }
        handleLaunch(newWindow: false, fresh: false, urls: urls, somethingRefused: refused)
    }

    /// The URLs among `arguments` that the delegate agrees to open; for each
    /// other one, `report` gets a message saying why not.
    private func urlContexts(
        for arguments: [String], report: (String) -> Void
    ) -> (urls: [OpenURLContext], somethingRefused: Bool) {
        var refused = false
        let urls = arguments.compactMap { argument -> OpenURLContext? in
            guard let url = URL(string: argument), url.scheme != nil else {
                report(localized("%s is not a URI (expected something like quire://note/<id>)", argument))
                refused = true
                return nil
            }
            if let reason = delegate.application(self, reasonNotToOpen: url) {
                report(reason)
                refused = true
                return nil
            }
            return OpenURLContext(url: url)
        }
        return (urls, refused)
    }

    /// A plain activation: the desktop launched the app over D-Bus, or a second
    /// instance ran with no arguments.
    func handleActivation() {
        handleLaunch(newWindow: false, fresh: false, urls: [], somethingRefused: false)
    }

    /// Restores the saved windows if this process has not launched yet, and says
    /// whether it did. An action sent over D-Bus can be the first thing a
    /// D-Bus-activated app hears; by default no empty window is added, since the
    /// caller opens the one it was asked for.
    @discardableResult
    func launchIfNeeded(
        fresh: Bool = false, urls: Set<OpenURLContext> = [], connectingNewIfNoneSaved: Bool = false
    ) -> Bool {
        guard !hasLaunched else { return false }
        hasLaunched = true
        launch(fresh: fresh, urls: urls, connectingNewIfNoneSaved: connectingNewIfNoneSaved)
        return true
    }

    /// What any launch asks for, however it arrived: the first one restores the
    /// saved windows; later ones raise, open a window, or hand URLs to a scene.
    private func handleLaunch(newWindow: Bool, fresh: Bool, urls: [OpenURLContext], somethingRefused: Bool) {
        if launchIfNeeded(fresh: fresh, urls: Set(urls), connectingNewIfNoneSaved: !newWindow) {
            if newWindow { requestSceneSessionActivation(nil, userActivity: nil) }
            return
        }
        if newWindow {
            requestSceneSessionActivation(nil, userActivity: nil)
        } else if !urls.isEmpty, let front = frontmostScene {
            SceneTrace.scene("scene(_:openURLContexts:)", front.session)
            front.delegate.scene(front, openURLContexts: Set(urls))  // it decides what to show
        } else if somethingRefused {
            // Nothing that was asked can be opened; the person was told why.
        } else if let front = frontmostScene {
            front.window.present()
        } else {
            connectNewSession(options: SceneConnectionOptions(urlContexts: Set(urls)))
        }
    }

    /// The first launch of this process: deliver pending discards, then
    /// restore the saved sessions back to front, or connect a new one.
    private func launch(fresh: Bool, urls: Set<OpenURLContext>, connectingNewIfNoneSaved: Bool) {
        let cleanExit = ((try? store?.launchValue(LaunchKey.cleanExit)) ?? 1) == 1
        let unfinished = (try? store?.launchValue(LaunchKey.unfinishedRestorations)) ?? 0
        let restorationDisabled = ((try? store?.launchValue(LaunchKey.restorationDisabled)) ?? 0) == 1
        persist { try $0.setLaunchValue(LaunchKey.cleanExit, 0) }

        var discards = pendingDiscards()
        var saved = savedSessions(discarding: &discards)
        if unfinished >= 2 && !saved.isEmpty {
            SceneLog.error("the last \(unfinished) launches ended while restoring windows; starting fresh (their state is kept aside in \(store?.path ?? "the session store"))")
            persist { _ = try $0.setAsideAndDiscardAll() }
            discards += saved
            saved = []
        } else if fresh || (restorationDisabled && cleanExit) {
            for session in saved { recordDiscard(of: session) }
            discards += saved
            saved = []
        }
        deliverDiscards(discards)

        let restoration: SceneRestoration = cleanExit ? .launch : .recover
        if saved.isEmpty {
            persist { try $0.setLaunchValue(LaunchKey.unfinishedRestorations, 0) }
            if connectingNewIfNoneSaved { connectNewSession(options: SceneConnectionOptions(urlContexts: urls)) }
            return
        }
        persist { try $0.setLaunchValue(LaunchKey.unfinishedRestorations, unfinished + 1) }
        var awaitingFirstFrame = Set(saved.map(\.persistentIdentifier))
        for session in saved {
            sessions[session.persistentIdentifier] = session
            stackingCounter = max(stackingCounter, session.stacking)
            connect(session, options: SceneConnectionOptions(restoration: restoration), isNew: false) { [weak self] in
                awaitingFirstFrame.remove(session.persistentIdentifier)
                if awaitingFirstFrame.isEmpty {
                    self?.persist { try $0.setLaunchValue(LaunchKey.unfinishedRestorations, 0) }
                }
            }
        }
        if !urls.isEmpty, let front = frontmostScene {
            SceneTrace.scene("scene(_:openURLContexts:)", front.session)
            front.delegate.scene(front, openURLContexts: urls)
        }
    }

    /// Sessions whose discard was recorded but not delivered (the process died first).
    private func pendingDiscards() -> [SceneSession] {
        guard let records = try? store?.pendingDiscards() else { return [] }
        return records.compactMap { record in
            let role = SceneSessionRole(rawValue: record.role)
            guard let configuration = manifest.configuration(named: record.configurationName, role: role)
                ?? manifest.configuration(named: nil, role: role)
            else { return nil }
            return SceneSession(persistentIdentifier: record.identifier, role: role, configuration: configuration)
        }
    }

    /// The saved sessions, back to front. Those whose configuration the
    /// manifest no longer declares are recorded as discarded and added to `discards`.
    private func savedSessions(discarding discards: inout [SceneSession]) -> [SceneSession] {
        let records: [SessionRecord]
        do {
            records = try store?.sessions() ?? []
        } catch {
            SceneLog.error("could not read the saved windows: \(error)")
            return []
        }
        var restored: [SceneSession] = []
        for record in records {
            let role = SceneSessionRole(rawValue: record.role)
            guard let configuration = manifest.configuration(named: record.configurationName, role: role) else {
                SceneLog.error("a saved window's configuration \"\(record.configurationName)\" is no longer in the manifest; it is discarded")
                guard let fallback = manifest.configuration(named: nil, role: role) ?? manifest.configuration(named: nil, role: .windowApplication)
                else { continue }
                let session = SceneSession(persistentIdentifier: record.identifier, role: role, configuration: fallback)
                persist { try $0.recordDiscard(of: record) }
                discards.append(session)
                continue
            }
            let session = SceneSession(persistentIdentifier: record.identifier, role: role, configuration: configuration)
            session.stacking = record.stacking
            session.userInfo = record.userInfo.flatMap { try? JSONDecoder().decode([String: PropertyListValue].self, from: $0) }
            if let conditions = record.activationConditions {
                session.activationConditions = (try? JSONDecoder().decode(SceneActivationConditions.self, from: conditions))
                    ?? SceneActivationConditions()
            }
            if let stored = record.restorationActivity {
                switch UserActivityCodec.decode(stored, knownTypes: manifest.activityTypes) {
                case let .success(activity): session.stateRestorationActivity = activity
                case let .failure(reason):
                    SceneLog.error("window \(record.identifier) opens in its default state: \(reason)")
                }
            }
            restored.append(session)
        }
        return restored
    }
}
