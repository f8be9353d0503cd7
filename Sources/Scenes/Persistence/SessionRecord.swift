import FoundationEssentials

/// A session as the store keeps it.
struct SessionRecord: Equatable, Sendable {
    var identifier: String
    var role: String
    var configurationName: String
    var userInfo: Data?
    var activationConditions: Data?
    var restorationActivity: Data?
    /// The title inside `restorationActivity`, read by the store without
    /// decoding the activity (nil without one, or where it is unreadable).
    var activityTitle: String? = nil
    var stacking: Int64
    /// Whether the process that last ran the session quit normally (false while
    /// one runs it, and after a crash).
    var endedCleanly = true
    /// How far the launch that last restored it got: `connecting` (its scene was
    /// being connected), `settling` (connected, not yet settled), or nil.
    var restorePhase: String? = nil
    /// Which launch that was (a UUID per launch).
    var restoreLaunch: String? = nil
    /// How many launches in a row died while restoring it.
    var failedRestorations: Int64 = 0
}
