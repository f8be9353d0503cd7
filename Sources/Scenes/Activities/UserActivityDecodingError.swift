/// Why a stored activity could not be restored.
enum UserActivityDecodingError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not a stored activity (bad JSON, wrong shapes or types).
    case malformed(String)
    /// The activity was stored in a format version this code does not read.
    case unsupportedVersion(Int)
    /// The app does not declare this activity type.
    case unknownActivityType(String)
    /// Keys the activity itself requires are absent.
    case missingRequiredKeys([String])

    var description: String {
        switch self {
        case let .malformed(reason): "the saved activity is malformed: \(reason)"
        case let .unsupportedVersion(version): "the saved activity has format version \(version), which this version cannot read"
        case let .unknownActivityType(type): "the saved activity has the unknown type \"\(type)\""
        case let .missingRequiredKeys(keys): "the saved activity lacks its required keys \(keys.joined(separator: ", "))"
        }
    }
}
