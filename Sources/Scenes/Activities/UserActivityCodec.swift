import FoundationEssentials

/// Encodes activities to, and decodes them from, the stable versioned form
/// stored in SQLite. Decoding untrusted bytes never traps: any problem is a
/// `UserActivityDecodingError` that says what was wrong.
@MainActor
enum UserActivityCodec {
    /// The version written; a stored activity of another version is rejected.
    static let formatVersion = 1
    /// Where the title is in the stored form (a JSON path), for reading it without decoding.
    nonisolated static let titlePath = "$.title"

    private struct Stored: Codable {
        var format: Int
        var activityType: String
        var title: String?
        var targetContentIdentifier: String?
        var requiredUserInfoKeys: [String]
        var userInfo: [String: PropertyListValue]
    }

    /// The stored form of `activity`, after its delegate's `userActivityWillSave`.
    static func encode(_ activity: UserActivity) throws -> Data {
        activity.delegate?.userActivityWillSave(activity)
        let stored = Stored(
            format: formatVersion, activityType: activity.activityType, title: activity.title,
            targetContentIdentifier: activity.targetContentIdentifier,
            requiredUserInfoKeys: activity.requiredUserInfoKeys.sorted(), userInfo: activity.userInfo)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(stored)
        activity.needsSave = false
        return data
    }

    /// Decodes stored bytes. `knownTypes`, when given, lists the activity types
    /// the app declares (`NSUserActivityTypes`); others are rejected.
    static func decode(
        _ data: Data, knownTypes: Set<String>? = nil
    ) -> Result<UserActivity, UserActivityDecodingError> {
        let stored: Stored
        do {
            stored = try JSONDecoder().decode(Stored.self, from: data)
        } catch {
            return .failure(.malformed(String(describing: error)))
        }
        guard stored.format == formatVersion else { return .failure(.unsupportedVersion(stored.format)) }
        guard !stored.activityType.isEmpty else { return .failure(.malformed("the activity type is empty")) }
        if let knownTypes, !knownTypes.contains(stored.activityType) {
            return .failure(.unknownActivityType(stored.activityType))
        }
        let missing = Set(stored.requiredUserInfoKeys).subtracting(stored.userInfo.keys)
        guard missing.isEmpty else { return .failure(.missingRequiredKeys(missing.sorted())) }
        let activity = UserActivity(activityType: stored.activityType)
        activity.title = stored.title
        activity.targetContentIdentifier = stored.targetContentIdentifier
        activity.requiredUserInfoKeys = Set(stored.requiredUserInfoKeys)
        activity.setUserInfo(stored.userInfo)
        activity.needsSave = false
        return .success(activity)
    }
}
