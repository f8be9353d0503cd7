import FoundationEssentials
import GtkKit
import Storage

/// Launching: the session store, pending discards, and restoring every saved
/// session (sequences A, B and H, `--fresh`, the restore-off setting and the
/// crash-loop guard); and the command lines of later launches.
extension Application {
    func startUp() {
        isStarted = true
        DesktopStyle.followsDesktop = followsDesktopStyle  // the app's choice, before any window
        openStore()
        SceneTrace.application("application(_:didFinishLaunchingWithOptions:)")
        _ = delegate.application(self, didFinishLaunchingWithOptions: [:])
    }

    private func openStore() {
        let path = FilePaths.join(stateDirectory, SessionStore.fileName)
        // A first launch has nothing to read: its file is made after the first frame (`createStoreFile`).
        if let store = SessionStore(beforeFileAt: path) {
            self.store = store
            claims = SessionClaims(storePath: path)
            return
        }
        do {
            let (store, movedAside) = try SessionStore.openMovingAsideUnreadable(path: path)
            if let movedAside {
                SceneLog.error("the saved windows in \(path) could not be read; the file was moved to \(movedAside) and the app starts fresh")
                sessionStoreProblem = SessionStoreProblem(path: path, kind: .damaged, detail: "", movedAsideTo: movedAside)
            }
            for case let .damagedLogKeptAside(reason, copy) in store.openingNotices {
                SceneLog.error("the log of the saved windows was damaged (\(reason)); a copy is kept in \(copy)")
            }
            self.store = store
            claims = SessionClaims(storePath: path)
            if claims == nil { SceneLog.error("cannot claim windows in \(path).claims; another instance may restore the same ones") }
        } catch let error as StorageError {
            sessionStoreProblem = SessionStoreProblem(path: path, error: error)
            SceneLog.error("windows will not be saved this time: \(error) \(SceneLog.advice(for: error.kind, path: path))")
        } catch {
            SceneLog.error("windows will not be saved this time: \(error)")
        }
    }

    /// Makes the session store's file, on a first launch once a window has
    /// shown its first frame (or as the app ends before one did). Failing, the
    /// sessions stay in memory for this run, and the log says why.
    func createStoreFile() {
        guard let store, store.isInMemory else { return }
        do {
            try store.createFile()
        } catch let error as StorageError {
            sessionStoreProblem = SessionStoreProblem(path: store.path, error: error)
            SceneLog.error("windows will not be saved this time: \(error) \(SceneLog.advice(for: error.kind, path: store.path))")
        } catch {
            SceneLog.error("windows will not be saved this time: \(error)")
        }
    }

    /// A launch's command line, in this process or forwarded from a second one.
    func handle(_ commandLine: CommandLineInvocation) -> Int32 {
        if let command = commands.first(where: { commandLine.hasFlag($0.name) }) {
            return run(command, of: commandLine)
        }
        let workingDirectory = commandLine.workingDirectory ?? FileManager.default.currentDirectoryPath
        let (urls, refused) = urlContexts(for: commandLine.remainingArguments, filesIn: workingDirectory) { commandLine.printError($0) }
        if hasLaunched && commandLine.hasFlag("fresh") {
            commandLine.printError(FrameworkText.localized("--fresh applies when the app starts; it is already running"))
        }
        handleLaunch(
            newWindow: commandLine.hasFlag("new-window"), fresh: commandLine.hasFlag("fresh"), urls: urls,
            somethingRefused: refused)
        return refused ? 1 : 0
    }

    /// Runs a command the app added. One forwarded by a second process may
    /// finish later (that process waits for it); in this process, the main loop
    /// runs until it finishes, as the exit status must be known when the
    /// command line's handler returns.
    private func run(
        _ command: (name: String, takesValue: Bool, handler: @MainActor (LaunchCommand) -> Void),
        of commandLine: CommandLineInvocation
    ) -> Int32 {
        let request = LaunchCommand(
            name: command.name, value: command.takesValue ? commandLine.fileName(ofOption: command.name) : nil,
            invocation: commandLine)
        command.handler(request)
        if !request.isRemote { MainLoop.iterate(until: { request.exitStatus != nil }) }
        return request.exitStatus ?? 0
    }

    /// URIs a desktop sent over D-Bus (a link opened with the D-Bus-activated app).
    /// There is no terminal to answer, so why one cannot be opened is logged.
    func handleOpen(_ uris: [String]) {
        let (urls, refused) = urlContexts(for: uris) { SceneLog.error($0) }
        handleLaunch(newWindow: false, fresh: false, urls: urls, somethingRefused: refused)
    }

    /// The URLs among `arguments` that the delegate agrees to open; for each
    /// other one, `report` gets a message saying why not. From a command
    /// line (`filesIn`: the working folder of the process that ran it), an
    /// argument naming a file or folder there stands for its `file:` URL, as
    /// a desktop would send it.
    private func urlContexts(
        for arguments: [String], filesIn workingDirectory: String? = nil, report: (String) -> Void
    ) -> (urls: [OpenURLContext], somethingRefused: Bool) {
        var refused = false
        let urls = arguments.compactMap { argument -> OpenURLContext? in
            let path = FilePaths.expandingTilde(argument)
            let file = workingDirectory.map { path.hasPrefix("/") ? path : FilePaths.join($0, path) }
            let parsed = URL(string: argument).flatMap { $0.scheme == nil ? nil : $0 }
            guard let url = parsed ?? file.flatMap({ FileManager.default.fileExists(atPath: $0) ? URL(fileURLWithPath: $0) : nil })
            else {
                report(FrameworkText.localized("%s is not a URI: it has no scheme (such as https:)", argument))
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

    /// The first launch of this process: deliver pending discards, set aside
    /// the sessions the crash-loop guard blames, then restore the others back
    /// to front, or connect a new one. Only sessions this process can claim are
    /// touched: another instance's stay as they are.
    private func launch(fresh: Bool, urls: Set<OpenURLContext>, connectingNewIfNoneSaved: Bool) {
        let restorationDisabled = ((try? store?.launchValue(LaunchKey.restorationDisabled)) ?? 0) == 1
        var discards = claimedPendingDiscards()
        let records = claimedSavedRecords()
        let failures = RestorationGuard.failures(after: records)

        var restoring: [(session: SceneSession, record: SessionRecord)] = []
        for record in records {
            guard let session = session(restoring: record, discards: &discards) else { continue }
            if failures[record.identifier, default: 0] >= RestorationGuard.limit {
                setAside(record, session: session)
                discards.append(session)
            } else if fresh || (restorationDisabled && record.endedCleanly) {
                recordDiscard(of: session)
                discards.append(session)
            } else {
                restoring.append((session, record))
            }
        }
        deliverDiscards(discards)

        if restoring.isEmpty {
            if connectingNewIfNoneSaved { connectNewSession(options: SceneConnectionOptions(urlContexts: urls)) }
            return
        }
        restore(restoring, failures: failures)
        if !urls.isEmpty, let front = frontmostScene {
            SceneTrace.scene("scene(_:openURLContexts:)", front.session)
            front.delegate.scene(front, openURLContexts: urls)
        }
    }

    /// Reconnects the saved sessions (B), recording as it goes how far it got,
    /// so that the crash-loop guard can tell which window to blame if the
    /// process dies; each window is cleared once it has drawn and settled.
    /// The front window comes first, ready for typing, and the others follow
    /// back to front, each shown behind it once it has drawn
    /// (`BehindTheFrontRestore`). On Wayland, where the compositor stacks each
    /// window on top as it first shows it and no app may restack, they are
    /// shown one at a time back to front instead (`OneAtATimePresentation`),
    /// all but the front one connected as going behind it.
    private func restore(_ restoring: [(session: SceneSession, record: SessionRecord)], failures: [String: Int64]) {
        let identifiers = restoring.map(\.session.persistentIdentifier)
        persist { try $0.beginRestoring(identifiers, launch: launchIdentifier, failures: failures) }
        for (index, (session, _)) in restoring.enumerated() {
            session.stacking = Int64(index + 1)  // saved numbers are only an order: no overflow, whatever was stored
            sessions[session.persistentIdentifier] = session
        }
        stackingCounter = Int64(restoring.count)
        if Toolkit.isOnWayland && restoring.count > 1 {
            let presentation = OneAtATimePresentation(identifiers) { [weak self] identifier in
                guard let window = self?.scenes[identifier]?.window else { return false }
                window.present()
                return true
            }
            for (index, (session, record)) in restoring.enumerated() {
                reconnect(session, record, presenting: false, behindTheFront: index < restoring.count - 1) {
                    presentation.drewFirstFrame(session.persistentIdentifier)
                }
            }
            presentation.start()
            return
        }
        guard let (front, frontRecord) = restoring.last else { return }
        let behind = BehindTheFrontRestore(restoring.dropLast().map { session, record in
            { [weak self] in self?.reconnect(behindTheFront: session, record) }
        }, afterFrontWindowsNextFrame: { [weak self] handler in
            self?.frontmostScene?.window.onNextFrame(requestingOne: true, handler) ?? false
        })
        reconnect(front, frontRecord, presenting: true) { behind.start() }
    }

    /// Connects a restored session, its connecting recorded for the crash-loop guard.
    private func reconnect(
        _ session: SceneSession, _ record: SessionRecord, presenting: Bool, behindTheFront: Bool = false,
        firstFrame: @escaping @MainActor () -> Void
    ) {
        let identifier = session.persistentIdentifier
        persist { try $0.setConnecting(true, session: identifier) }
        let options = SceneConnectionOptions(restoration: record.endedCleanly ? .launch : .recover, isBehindTheFront: behindTheFront)
        connect(session, options: options, isNew: false, presenting: presenting) {
            [weak self] in
            self?.settleAfterFirstFrame(identifier)
            firstFrame()
        }
        persist { try $0.setConnecting(false, session: identifier) }
    }

    /// Connects a restored session whose window goes behind the one in front,
    /// unless it was connected meanwhile (chosen from the Window menu), was
    /// discarded, or the app is quitting; its options say it goes behind
    /// (`isBehindTheFront`). With no window in front any more (it closed
    /// itself), it is presented as usual: the last one ends on top, with the
    /// focus.
    private func reconnect(behindTheFront session: SceneSession, _ record: SessionRecord) {
        let identifier = session.persistentIdentifier
        guard !isTerminating, sessions[identifier] === session, scenes[identifier] == nil else { return }
        let front = frontmostScene?.window
        reconnect(session, record, presenting: front == nil, behindTheFront: front != nil) {}
        if let front { scenes[identifier]?.window.show(below: front) }
    }

    /// Clears a restored session's marks a while after its first frame, once
    /// the main loop has nothing else to do: a launch that dies later than that
    /// is not the window's fault. Not before the loop is quiet: a window behind
    /// the front one may be filled in when idle (`isBehindTheFront`), and a
    /// crash doing so is still its own.
    private func settleAfterFirstFrame(_ identifier: String) {
        MainLoop.after(milliseconds: Application.settleMilliseconds) {
            MainLoop.whenQuiet { [weak self] in
                guard let self, !self.hasTerminated, self.sessions[identifier] != nil else { return false }
                self.persist { try $0.settled(identifier) }
                return false
            }
        }
    }

    /// How long after its first frame a restored window counts as settled.
    static let settleMilliseconds: UInt32 = 2_000

    /// Keeps a session's saved state aside instead of reopening it (the crash-
    /// loop guard), and says so.
    private func setAside(_ record: SessionRecord, session: SceneSession) {
        persist { try $0.setAside(record, reason: "two launches in a row stopped while reopening it") }
        sessions[session.persistentIdentifier] = nil
        let title = record.restorationActivity.flatMap { try? UserActivityCodec.decode($0).get().title }
        setAsideThisLaunch.append(SetAsideSession(
            identifier: record.identifier, configurationName: record.configurationName, title: title, date: Date()))
        SceneLog.error("window \(record.identifier)\(title.map { " (“\($0)”)" } ?? "") was not reopened: the last two launches stopped while reopening it. Its saved state is kept in \(store?.path ?? "the session store") (table set_aside_activities); the app offers to reopen it")
    }

    /// Sessions whose discard was recorded but not delivered (the process died
    /// first), among those no other process holds.
    private func claimedPendingDiscards() -> [SceneSession] {
        let records: [SessionRecord]
        do {
            records = try store?.pendingDiscards() ?? []
        } catch {
            SceneLog.error("could not read the windows closed last time: \(error)")
            return []
        }
        return records.compactMap { record in
            guard claim(record.identifier) else { return nil }
            let role = SceneSessionRole(rawValue: record.role)
            guard let configuration = manifest.configuration(named: record.configurationName, role: role)
                ?? manifest.configuration(named: nil, role: role)
            else { return nil }
            return SceneSession(persistentIdentifier: record.identifier, role: role, configuration: configuration)
        }
    }

    /// The saved sessions no other process holds, back to front.
    private func claimedSavedRecords() -> [SessionRecord] {
        do {
            return try (store?.sessions() ?? []).filter { claim($0.identifier) }
        } catch {
            SceneLog.error("could not read the saved windows: \(error)")
            return []
        }
    }

    /// A session for a saved record, its saved state checked before it is
    /// trusted. A record whose configuration left the manifest is discarded (and
    /// added to `discards`), one that cannot be a session is set aside: nil then.
    private func session(restoring record: SessionRecord, discards: inout [SceneSession]) -> SceneSession? {
        let role = SceneSessionRole(rawValue: record.role)
        guard UUID(uuidString: record.identifier) != nil else {
            SceneLog.error("a saved window's identifier “\(record.identifier.prefix(40))” is not a UUID; it is set aside")
            persist { try $0.setAside(record, reason: "its identifier is not a UUID") }
            return nil
        }
        guard let configuration = manifest.configuration(named: record.configurationName, role: role) else {
            SceneLog.error("a saved window's configuration \"\(record.configurationName.prefix(80))\" is no longer in the manifest; it is discarded")
            guard let fallback = manifest.configuration(named: nil, role: role) ?? manifest.configuration(named: nil, role: .windowApplication)
            else { return nil }
            let session = SceneSession(persistentIdentifier: record.identifier, role: role, configuration: fallback)
            persist { try $0.recordDiscard(of: record) }
            discards.append(session)
            return nil
        }
        let session = SceneSession(persistentIdentifier: record.identifier, role: role, configuration: configuration)
        let saved = SavedSessionState(record: record)
        session.userInfo = saved.userInfo
        session.activationConditions = saved.activationConditions
        for problem in saved.problems { SceneLog.error("window \(record.identifier) \(problem)") }
        let (identifier, data, knownTypes) = (record.identifier, record.restorationActivity, manifest.activityTypes)
        session.savedActivityTitle = record.activityTitle
        session.savedActivityDecoding = {
            let (activity, problem) = SavedSessionState.activity(from: data, knownActivityTypes: knownTypes)
            if let problem { SceneLog.error("window \(identifier) \(problem)") }
            return activity
        }
        return session
    }
}
