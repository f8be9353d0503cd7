import FoundationEssentials

/// Requests to show, close and refresh scenes (sequences C, D and G).
extension Application {
    /// Brings a scene forward: `session`'s (connecting it first if needed), or
    /// with nil, a session whose activation conditions prefer the activity's
    /// `targetContentIdentifier`, or else a new session.
    public func requestSceneSessionActivation(
        _ session: SceneSession?, userActivity: UserActivity?,
        options: SceneActivationRequestOptions? = nil, errorHandler: (@MainActor (any Error) -> Void)? = nil
    ) {
        launchIfNeeded()
        if let session {
            guard sessions[session.persistentIdentifier] === session else {
                errorHandler?(SceneError.requestDenied("that session was discarded"))
                return
            }
            activate(session, with: userActivity)
            return
        }
        if let target = userActivity?.targetContentIdentifier,
           let preferred = sessions.values.first(where: { $0.activationConditions.prefers(target) }) {
            activate(preferred, with: userActivity)
            return
        }
        if !supportsMultipleScenes && !scenes.isEmpty {
            errorHandler?(SceneError.multipleScenesNotSupported)
            return
        }
        connectNewSession(options: SceneConnectionOptions(userActivities: userActivity.map { [$0] } ?? []))
    }

    /// D: a connected session's window is raised and given the activity; a
    /// disconnected one is connected with the activity in its options.
    private func activate(_ session: SceneSession, with activity: UserActivity?) {
        if let scene = scenes[session.persistentIdentifier] {
            scene.window.present()
            if let activity {
                SceneTrace.scene("scene(_:continue:)", session)
                scene.delegate.scene(scene, continue: activity)
            }
            scheduleStateUpdate(scene)
        } else {
            connect(session, options: SceneConnectionOptions(userActivities: activity.map { [$0] } ?? []), isNew: false)
        }
    }

    /// Closes the session's window, if it has one, and discards the session (G).
    public func requestSceneSessionDestruction(
        _ session: SceneSession, options: SceneDestructionRequestOptions? = nil,
        errorHandler: (@MainActor (any Error) -> Void)? = nil
    ) {
        guard sessions[session.persistentIdentifier] === session else {
            errorHandler?(SceneError.requestDenied("that session was already discarded"))
            return
        }
        if let scene = scenes[session.persistentIdentifier] {
            close(scene)
        } else {
            recordDiscard(of: session)
            deliverDiscards([session])
        }
    }

    /// Reopens a window the crash-loop guard kept aside: a new session is asked
    /// for with its last saved activity (C), and the kept state is forgotten.
    /// If reopening it stops the app again, the guard catches it again.
    public func reopenSetAsideSession(_ setAside: SetAsideSession) {
        let kept: (identifier: String, configuration: String, activity: Data?, date: Date)?
        do {
            kept = try store?.setAsideSessions().first { $0.identifier == setAside.identifier }
        } catch {
            SceneLog.error("could not read the window kept aside: \(error)")
            return
        }
        guard let kept else { return }
        persist { try $0.removeSetAside(setAside.identifier) }
        setAsideThisLaunch.removeAll { $0.identifier == setAside.identifier }
        let activity = kept.activity.flatMap { try? UserActivityCodec.decode($0, knownTypes: manifest.activityTypes).get() }
        requestSceneSessionActivation(nil, userActivity: activity)
    }

    /// Asks a scene to refresh what it shows; connected scenes are live, so this does nothing for them.
    public func requestSceneSessionRefresh(_ session: SceneSession) {}

    /// Whether windows are restored at launch after a normal quit (after a crash
    /// they always are, so nothing typed is lost). Saved with the sessions.
    public var isStateRestorationEnabled: Bool {
        get { ((try? store?.launchValue(LaunchKey.restorationDisabled)) ?? 0) == 0 }
        set { persist { try $0.setLaunchValue(LaunchKey.restorationDisabled, newValue ? 0 : 1) } }
    }
}
