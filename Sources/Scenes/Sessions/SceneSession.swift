/// A window's persistent record: it outlives the window, across quits and
/// relaunches, until the user closes the window (UIKit's `UISceneSession`).
@MainActor
public final class SceneSession {
    /// A UUID string, stable for the session's whole life.
    public let persistentIdentifier: String
    /// The kind of scene the session holds.
    public let role: SceneSessionRole
    /// Fixed when the session is created; reused when it is restored.
    public internal(set) var configuration: SceneConfiguration
    /// The connected scene, or nil while the session is disconnected.
    public internal(set) weak var scene: Scene?
    /// The last activity saved for the session; readable in `scene(_:willConnectTo:options:)`.
    public internal(set) var stateRestorationActivity: UserActivity? {
        get {
            if let decode = savedActivityDecoding {
                savedActivityDecoding = nil
                activity = decode()
            }
            return activity
        }
        set {
            savedActivityDecoding = nil
            activity = newValue
        }
    }
    private var activity: UserActivity?
    /// Decodes the activity a launch read from the store, the first time it
    /// is asked for: restoring many windows, the ones behind the front one
    /// decode theirs as they connect, after it has drawn.
    var savedActivityDecoding: (@MainActor () -> UserActivity?)?
    /// The saved activity's title as the store read it, before the activity is decoded.
    var savedActivityTitle: String?
    /// The restoration activity's title, without decoding a saved activity:
    /// the Window menu lists a hundred windows being restored by it.
    var activityTitle: String? { savedActivityDecoding == nil ? activity?.title : savedActivityTitle }
    /// Small property-list values saved with the session.
    public var userInfo: [String: PropertyListValue]? {
        didSet { changeObserver?(self) }
    }
    /// Activation conditions saved with the session, so they hold after a relaunch.
    var activationConditions = SceneActivationConditions()
    /// How recently the session's window was active: higher is nearer the front.
    var stacking: Int64 = 0

    /// Called when something saved with the session changes.
    var changeObserver: (@MainActor (SceneSession) -> Void)?

    init(persistentIdentifier: String, role: SceneSessionRole, configuration: SceneConfiguration) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        self.configuration = configuration
    }
}

extension SceneSession: Hashable {
    public nonisolated static func == (lhs: SceneSession, rhs: SceneSession) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
