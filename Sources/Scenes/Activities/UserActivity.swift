/// Receives a chance to update an activity just before it is saved.
@MainActor
public protocol UserActivityDelegate: AnyObject {
    /// Called before the activity is encoded; fill in its `userInfo` here.
    func userActivityWillSave(_ userActivity: UserActivity)
}

/// What a scene is doing, in a form that can be saved and restored: its state
/// restoration activity, or a request handed to a new or existing scene.
/// (Foundation on Linux has no NSUserActivity; this mirrors it.)
@MainActor
public final class UserActivity {
    /// What kind of activity this is, e.g. "com.example.Notes.editing-note".
    public let activityType: String
    /// A title a person could read.
    public var title: String? { didSet { needsSave = true } }
    /// Property-list values that describe the activity.
    public private(set) var userInfo: [String: PropertyListValue] = [:]
    /// Keys that must be in `userInfo` for the activity to be meaningful; a
    /// restored activity missing one is rejected.
    public var requiredUserInfoKeys: Set<String> = []
    /// The content this activity is about, matched against scenes' activation conditions.
    public var targetContentIdentifier: String? { didSet { needsSave = true } }
    /// Asked to update the activity just before it is saved.
    public weak var delegate: (any UserActivityDelegate)?

    /// Whether the activity changed since it was last saved. Setting it tells
    /// the scene framework to save the scene's restoration activity soon.
    public var needsSave = false {
        didSet { if needsSave { needsSaveObserver?() } }
    }

    /// Called when `needsSave` becomes true; set by the scene that shows the activity.
    var needsSaveObserver: (@MainActor () -> Void)?

    /// A new, empty activity of `activityType`.
    public init(activityType: String) {
        self.activityType = activityType
    }

    /// Adds (or replaces) entries of `userInfo`.
    public func addUserInfoEntries(from entries: [String: PropertyListValue]) {
        userInfo.merge(entries) { _, new in new }
        needsSave = true
    }

    /// Adds the entries that differ from the current ones, marking the activity
    /// for saving only if any did (for state recorded on every save).
    public func updateUserInfoEntries(_ entries: [String: PropertyListValue]) {
        if entries.contains(where: { userInfo[$0.key] != $0.value }) { addUserInfoEntries(from: entries) }
    }

    /// Replaces the whole `userInfo`.
    public func setUserInfo(_ entries: [String: PropertyListValue]) {
        userInfo = entries
        needsSave = true
    }
}

extension UserActivity: Hashable {
    public nonisolated static func == (lhs: UserActivity, rhs: UserActivity) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
