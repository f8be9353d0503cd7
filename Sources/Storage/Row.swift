public import FoundationEssentials

/// One result row, its columns in the order the query selected them.
public struct Row: Sendable, Equatable {
    /// The column values.
    public let values: [SQLiteValue]

    /// The column as text, or nil if it is NULL or not text.
    public func string(_ column: Int) -> String? {
        if case let .text(value) = values[column] { return value }
        return nil
    }

    /// The column as an integer, or nil if it is NULL or not an integer.
    public func integer(_ column: Int) -> Int64? {
        if case let .integer(value) = values[column] { return value }
        return nil
    }

    /// The column as a floating-point number (integers are widened), or nil.
    public func real(_ column: Int) -> Double? {
        switch values[column] {
        case let .real(value): return value
        case let .integer(value): return Double(value)
        default: return nil
        }
    }

    /// The column as bytes, or nil if it is NULL or not a blob.
    public func data(_ column: Int) -> Data? {
        if case let .blob(value) = values[column] { return value }
        return nil
    }
}
