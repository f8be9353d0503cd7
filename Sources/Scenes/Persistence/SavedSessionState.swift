import FoundationEssentials

/// A saved session's state, checked before it is trusted: values too large
/// to be anything a window saved, or that do not decode, are left out (the
/// window opens in its default state for them) and each is named in `problems`.
/// The restoration activity is checked when it is first needed
/// (`activity(from:knownActivityTypes:)`). Nothing here can trap, whatever
/// the row holds.
@MainActor
struct SavedSessionState {
    /// The session's user info, if it was saved and readable.
    private(set) var userInfo: [String: PropertyListValue]?
    /// The session's activation conditions (the defaults if unreadable).
    private(set) var activationConditions = SceneActivationConditions()
    /// What was left out, and why, for the log.
    private(set) var problems: [String] = []

    /// More than any window saves: a sign the row was damaged or forged.
    static let maximumUserInfoBytes = 64 * 1_024
    static let maximumActivityBytes = 1_024 * 1_024

    init(record: SessionRecord) {
        if let data = record.userInfo {
            if data.count > SavedSessionState.maximumUserInfoBytes {
                problems.append("has no user info: the saved one is \(data.count) bytes, too large to trust")
            } else if let decoded = try? JSONDecoder().decode([String: PropertyListValue].self, from: data) {
                userInfo = decoded
            } else {
                problems.append("has no user info: the saved one could not be read")
            }
        }
        if let data = record.activationConditions {
            if data.count <= SavedSessionState.maximumUserInfoBytes,
               let decoded = try? JSONDecoder().decode(SceneActivationConditions.self, from: data) {
                activationConditions = decoded
            } else {
                problems.append("has default activation conditions: the saved ones could not be read")
            }
        }
    }

    /// The restoration activity saved as `data`, if there is one and it is
    /// readable; otherwise nil, and what was wrong with it, for the log.
    static func activity(
        from data: Data?, knownActivityTypes: Set<String>?
    ) -> (activity: UserActivity?, problem: String?) {
        guard let data else { return (nil, nil) }
        guard data.count <= SavedSessionState.maximumActivityBytes else {
            return (nil, "opens in its default state: its saved state is \(data.count) bytes, too large to trust")
        }
        switch UserActivityCodec.decode(data, knownTypes: knownActivityTypes) {
        case let .success(decoded): return (decoded, nil)
        case let .failure(reason): return (nil, "opens in its default state: \(reason)")
        }
    }
}
