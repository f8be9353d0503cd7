import FoundationEssentials
import GtkKit

/// Connecting and disconnecting scenes, and moving them between activation
/// states as their windows gain or lose focus and are minimised or hidden.
extension Application {
    /// The connected scene whose window was active most recently.
    var frontmostScene: WindowScene? { scenes.values.max { $0.session.stacking < $1.session.stacking } }

    /// A new session (C, or A at launch): asks the delegate for its configuration, then connects it.
    @discardableResult
    func connectNewSession(options: SceneConnectionOptions) -> SceneSession? {
        guard let defaultConfiguration = manifest.configuration(named: nil, role: .windowApplication) else { return nil }
        let session = SceneSession(
            persistentIdentifier: UUID().uuidString, role: .windowApplication, configuration: defaultConfiguration)
        SceneTrace.scene("application(_:configurationForConnecting:options:)", session)
        let configuration = delegate.application(self, configurationForConnecting: session, options: options)
        precondition(
            configuration.role == session.role,
            "configurationForConnecting returned \"\(configuration.name)\" of role \(configuration.role.rawValue) for a session of role \(session.role.rawValue)")
        session.configuration = configuration
        stackingCounter += 1
        session.stacking = stackingCounter
        _ = claim(session.persistentIdentifier)
        sessions[session.persistentIdentifier] = session
        saveDetails(of: session)
        connect(session, options: options, isNew: true)
        return session
    }

    /// Creates the scene and its delegate for `session` and brings it to the
    /// foreground: `willConnectTo`, `restoreInteractionStateWith` (restored
    /// sessions with an activity), `sceneWillEnterForeground`, then the window is
    /// presented (unless `presenting` is false: the caller shows it later) and
    /// becomes active when it gets the focus.
    func connect(
        _ session: SceneSession, options: SceneConnectionOptions, isNew: Bool, presenting: Bool = true,
        firstFrame: (@MainActor () -> Void)? = nil
    ) {
        let delegate = makeSceneDelegate(for: session)
        let scene = session.configuration.sceneClass.init(session: session, delegate: delegate)
        session.scene = scene
        session.changeObserver = { [weak self] in self?.saveDetails(of: $0) }
        scenes[session.persistentIdentifier] = scene
        LiveSceneObjects.track(scene)
        wire(scene, firstFrame: firstFrame)

        SceneTrace.scene("scene(_:willConnectTo:options:)", session)
        SceneDebugHooks.connecting(session.persistentIdentifier)
        delegate.scene(scene, willConnectTo: session, options: options)
        if !isNew, let activity = session.stateRestorationActivity {
            SceneTrace.scene("scene(_:restoreInteractionStateWith:)", session)
            delegate.scene(scene, restoreInteractionStateWith: activity)
        }
        enter(.foregroundInactive, scene)
        if presenting { scene.window.present() }
        scheduleStateUpdate(scene)
        refreshWindowMenu()
    }

    /// The app's delegate for the connection, or else one of the configuration's class.
    private func makeSceneDelegate(for session: SceneSession) -> any SceneDelegate {
        let named = session.configuration.delegateClass
        if let made = delegate.application(self, sceneDelegateFor: session) {
            precondition(
                ObjectIdentifier(type(of: made)) == ObjectIdentifier(named),
                "application(_:sceneDelegateFor:) made a \(type(of: made)) for \"\(session.configuration.name)\", whose delegate class is \(named)")
            return made
        }
        guard let instantiable = named as? any InstantiableSceneDelegate.Type else {
            preconditionFailure(
                "\(named) has no init() the framework can call: make it an InstantiableSceneDelegate, or make it in application(_:sceneDelegateFor:)")
        }
        return instantiable.init()
    }

    private func wire(_ scene: WindowScene, firstFrame: (@MainActor () -> Void)?) {
        let identifier = scene.session.persistentIdentifier
        scene.window.onCloseRequest { [weak self, weak scene] in
            if let self, let scene { self.closeRequested(scene) }
            return true  // the framework destroys the window itself, after the callbacks
        }
        scene.window.onActiveChanged { [weak self, weak scene] in if let scene { self?.scheduleStateUpdate(scene) } }
        scene.window.onVisibilityChanged { [weak self, weak scene] in if let scene { self?.scheduleStateUpdate(scene) } }
        scene.window.onMinimizedChanged { [weak self, weak scene] in if let scene { self?.scheduleStateUpdate(scene) } }
        scene.window.onFirstFrame { [weak self, weak scene] in
            guard let scene else { return }
            SceneTrace.scene("first-frame", scene.session)
            firstFrame?()
            if self?.store?.isInMemory == true {
                MainLoop.idle { [weak self] in
                    self?.createStoreFile()
                    return false
                }
            }
        }
        scene.titleObserver = { [weak self] in self?.refreshWindowMenu() }
        scene.activityNeedsSaveHandler = { [weak self, weak scene] in
            // A delegate filling in the activity while it is being saved marks it
            // for saving again; that save is the one under way, not another.
            guard let self, let scene, !savingActivity.contains(identifier) else { return }
            saveScheduler.request(for: identifier) { [weak self, weak scene] in
                if let self, let scene, scene.activationState != .unattached { self.saveRestorationActivity(of: scene) }
            }
        }
    }

    /// Re-derives the scene's state from its window once pending window events
    /// have settled (an idle callback), so a burst of focus changes is one move.
    func scheduleStateUpdate(_ scene: WindowScene) {
        let identifier = scene.session.persistentIdentifier
        guard pendingStateUpdates.insert(identifier).inserted else { return }
        MainLoop.idle { [weak self, weak scene] in
            self?.pendingStateUpdates.remove(identifier)
            if let self, let scene, scene.activationState != .unattached, !self.isTerminating {
                self.move(scene, to: self.windowState(of: scene))
            }
            return false
        }
    }

    private func windowState(of scene: WindowScene) -> SceneActivationState {
        if !scene.window.isVisible || scene.window.isMinimized { return .background }
        return scene.window.isActive ? .foregroundActive : .foregroundInactive
    }

    /// Moves the scene step by step to `target`, one callback per transition.
    func move(_ scene: WindowScene, to target: SceneActivationState) {
        for step in ActivationPath.steps(from: scene.activationState, to: target) { enter(step, scene) }
    }

    /// Performs one transition of the table in contract section 3.
    private func enter(_ state: SceneActivationState, _ scene: WindowScene) {
        let previous = scene.activationState
        scene.activationState = state
        let session = scene.session
        switch (previous, state) {
        case (.unattached, .foregroundInactive), (.background, .foregroundInactive):
            SceneTrace.scene("sceneWillEnterForeground(_:)", session)
            scene.delegate.sceneWillEnterForeground(scene)
        case (.foregroundInactive, .foregroundActive):
            stackingCounter += 1
            session.stacking = stackingCounter
            saveDetails(of: session)
            refreshWindowMenu()  // the window in front goes first, marked
            SceneTrace.scene("sceneDidBecomeActive(_:)", session)
            scene.delegate.sceneDidBecomeActive(scene)
        case (.foregroundActive, .foregroundInactive):
            SceneTrace.scene("sceneWillResignActive(_:)", session)
            scene.delegate.sceneWillResignActive(scene)
        case (.foregroundInactive, .background):
            SceneTrace.scene("sceneDidEnterBackground(_:)", session)
            scene.delegate.sceneDidEnterBackground(scene)
            if sessions[session.persistentIdentifier] != nil { saveRestorationActivity(of: scene) }
        default:
            preconditionFailure("no transition from \(previous) to \(state) in the scene lifecycle")
        }
    }

    /// Asks the delegate for the scene's restoration activity and saves it with
    /// the session. Never re-entered for one session: the delegate changing the
    /// activity here does not start another save.
    func saveRestorationActivity(of scene: WindowScene) {
        let session = scene.session
        guard savingActivity.insert(session.persistentIdentifier).inserted else { return }
        defer { savingActivity.remove(session.persistentIdentifier) }
        SceneTrace.scene("stateRestorationActivity(for:)", session)
        let activity = scene.delegate.stateRestorationActivity(for: scene)
        session.stateRestorationActivity = activity
        do {
            let data = try activity.map(UserActivityCodec.encode)
            persist { try $0.saveActivity(data, forSession: session.persistentIdentifier) }
        } catch {
            SceneLog.error("could not encode the state of window \(session.persistentIdentifier): \(error)")
        }
        saveScheduler.didSave(session.persistentIdentifier)
    }

    /// Saves a session's details (configuration, user info, conditions, stacking).
    /// Details that cannot be encoded (a user info holding a NaN) are not
    /// saved at all, so the stored ones stay rather than be overwritten with nothing.
    func saveDetails(of session: SceneSession) {
        guard sessions[session.persistentIdentifier] != nil else { return }
        let encoder = JSONEncoder()
        let userInfo: Data?
        let conditions: Data
        do {
            userInfo = try session.userInfo.map { try encoder.encode($0) }
            conditions = try encoder.encode(session.activationConditions)
        } catch {
            SceneLog.error("the details of window \(session.persistentIdentifier) were not saved: \(error)")
            return
        }
        let record = SessionRecord(
            identifier: session.persistentIdentifier, role: session.role.rawValue,
            configurationName: session.configuration.name, userInfo: userInfo, activationConditions: conditions,
            restorationActivity: nil, stacking: session.stacking)
        persist { try $0.save(record) }
    }

    /// The person asked to close the scene's window: if its delegate agrees, G.
    func closeRequested(_ scene: WindowScene) {
        guard scene.activationState != .unattached, !isTerminating else { return }
        guard scene.delegate.sceneShouldClose(scene) else { return }
        close(scene)
    }

    /// The scene's window closes (G): background, disconnect, discard. If it
    /// was the window in front, the next one is brought forward with the
    /// focus, as when a window manager would not do it (none runs, or the
    /// window closed itself before ever being focused).
    func close(_ scene: WindowScene) {
        guard scene.activationState != .unattached else { return }
        let wasInFront = frontmostScene === scene
        disconnect(scene, discarding: true)
        if scenes.isEmpty && !isTerminating { return terminate() }
        if wasInFront, !isTerminating, !scenes.values.contains(where: { $0.window.isActive }) {
            frontmostScene?.window.present()
        }
    }

    /// Takes the scene through background to disconnection. Kept sessions have
    /// their restoration activity saved on the way (F, I); a discarded session
    /// has its discard recorded before the window goes, and delivered after (G, H).
    func disconnect(_ scene: WindowScene, discarding: Bool) {
        let session = scene.session
        if discarding { recordDiscard(of: session) }
        if scene.activationState == .background {
            if !discarding { saveRestorationActivity(of: scene) }
        } else {
            move(scene, to: .background)  // saves a kept session's activity on the way
        }
        SceneTrace.scene("sceneDidDisconnect(_:)", session)
        scene.delegate.sceneDidDisconnect(scene)
        scene.activationState = .unattached
        saveScheduler.forget(session.persistentIdentifier)
        scenes[session.persistentIdentifier] = nil
        session.scene = nil
        scene.window.destroy()
        if discarding { deliverDiscards([session]) }
        refreshWindowMenu()
    }

    /// Removes the session from the open ones and records its discard durably.
    func recordDiscard(of session: SceneSession) {
        sessions[session.persistentIdentifier] = nil
        let record = SessionRecord(
            identifier: session.persistentIdentifier, role: session.role.rawValue,
            configurationName: session.configuration.name, stacking: session.stacking)
        persist { try $0.recordDiscard(of: record) }
        SceneDebugHooks.discardRecorded()
    }

    /// Tells the delegate about discarded sessions, exactly once: each discard
    /// is marked delivered first, and one that cannot be marked (the store
    /// failing) is left pending for the next launch rather than risk a second
    /// delivery. Then the sessions are given up for good.
    func deliverDiscards(_ discarded: [SceneSession]) {
        let marked = discarded.filter { session in
            store == nil || persist { try $0.discardDelivered(session.persistentIdentifier) }
        }
        guard !marked.isEmpty else { return }
        SceneTrace.sessions("application(_:didDiscardSceneSessions:)", marked)
        delegate.application(self, didDiscardSceneSessions: Set(marked))
        SceneDebugHooks.discardDelivered()
        for session in marked { claims?.release(session.persistentIdentifier) }
    }

    /// Disconnects every background scene, keeping its session (F): on low
    /// memory, and through the `app.disconnect-background-scenes` action.
    public func disconnectBackgroundScenes() {
        for scene in scenes.values where scene.activationState == .background {
            disconnect(scene, discarding: false)
        }
    }
}
