public import Foundation

/// A value of one of the property-list types: what a `UserActivity`'s
/// `userInfo` and a session's `userInfo` may hold, so that they can be saved.
public enum PropertyListValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case uuid(UUID)
    case url(URL)
    case array([PropertyListValue])
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
