public import FoundationEssentials

/// A value of one of the property-list types: what a `UserActivity`'s
/// `userInfo` and a session's `userInfo` may hold, so that they can be saved.
public enum PropertyListValue: Sendable, Hashable {
    /// Text.
    case string(String)
    /// A whole number.
    case integer(Int64)
    /// A floating-point number.
    case double(Double)
    /// True or false.
    case bool(Bool)
    /// A moment in time.
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// A UUID (a document's identity, say).
    case uuid(UUID)
    /// A URL.
    case url(URL)
    /// An ordered list of values.
    case array([PropertyListValue])
    /// Values by string key.
    case dictionary([String: PropertyListValue])

    /// The string, if this is one.
    public var stringValue: String? { if case let .string(value) = self { value } else { nil } }
    /// The integer, if this is one.
    public var integerValue: Int64? { if case let .integer(value) = self { value } else { nil } }
    /// The number as a double, if this is a double or an integer.
    public var doubleValue: Double? {
        switch self {
        case let .double(value): value
        case let .integer(value): Double(value)
        default: nil
        }
    }
    /// The Boolean, if this is one.
    public var boolValue: Bool? { if case let .bool(value) = self { value } else { nil } }
    /// The UUID, if this is one.
    public var uuidValue: UUID? { if case let .uuid(value) = self { value } else { nil } }
}
