/// A connected window's live object (UIKit's `UIScene`). A scene and its
/// delegate are new objects on every connection; long-lived state belongs in
/// the session or the model, never here.
@MainActor
open class Scene {
    /// The session this scene shows.
    public let session: SceneSession
    /// The scene's delegate, held strongly by the scene.
    public let delegate: any SceneDelegate
    /// Where the scene is in its life.
    public internal(set) var activationState: SceneActivationState = .unattached
    /// The title shown for the scene (the window title). Setting the title it
    /// already has does nothing: an app may set it on every keystroke, and a
    /// window title set again costs the window system a round trip and every
    /// window a redraw.
    public var title = "" {
        didSet {
            guard title != oldValue else { return }
            titleDidChange()
            titleObserver?()
        }
    }
    /// The title inside the app's own lists (the Window menu), where the
    /// window title's app name would repeat the app's name in the app
    /// ("Groceries" for a window titled "Groceries — Quire"); empty: `title`.
    public var menuTitle = "" {
        didSet {
            guard menuTitle != oldValue else { return }
            titleObserver?()
        }
    }
    /// A secondary title: what kind of window this is (the Window menu shows it
    /// after the title, to tell apart windows with the same title).
    public var subtitle = "" {
        didSet {
            guard subtitle != oldValue else { return }
            titleObserver?()
        }
    }
    /// What the scene is doing; setting its `needsSave` saves the restoration activity soon.
    public var userActivity: UserActivity? {
        didSet {
            oldValue?.needsSaveObserver = nil
            userActivity?.needsSaveObserver = { [weak self] in self?.activityNeedsSave() }
            if userActivity?.needsSave == true { activityNeedsSave() }
        }
    }
    /// Which requests this scene handles or prefers; saved with the session.
    public var activationConditions: SceneActivationConditions {
        get { session.activationConditions }
        set {
            session.activationConditions = newValue
            session.changeObserver?(session)
        }
    }

    /// Called by the framework when the title changes (to update the Window menu).
    var titleObserver: (@MainActor () -> Void)?

    /// Called by the framework when the activity asks to be saved.
    var activityNeedsSaveHandler: (@MainActor () -> Void)?

    /// A scene for `session`, driven by `delegate`. The framework makes scenes;
    /// a subclass named in the manifest (`UISceneClassName`) overrides this.
    public required init(session: SceneSession, delegate: any SceneDelegate) {
        self.session = session
        self.delegate = delegate
    }

    /// Called after `title` or `subtitle` changed; a subclass shows them (a
    /// window scene puts them in its window's title).
    open func titleDidChange() {}

    private func activityNeedsSave() { activityNeedsSaveHandler?() }
}

extension Scene: Hashable {
    public nonisolated static func == (lhs: Scene, rhs: Scene) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
