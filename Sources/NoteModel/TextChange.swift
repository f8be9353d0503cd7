/// One contiguous edit of a text: `length` characters from `offset` replaced
/// by `replacement`. Offsets and lengths count Unicode scalars, as GTK's text
/// offsets count characters.
public struct TextChange: Equatable, Sendable {
    /// Where the replaced stretch starts.
    public let offset: Int
    /// How many characters it had.
    public let length: Int
    /// What replaces it.
    public let replacement: String

    /// Replaces `length` characters from `offset` with `replacement`.
    public init(offset: Int, length: Int, replacement: String) {
        self.offset = offset
        self.length = length
        self.replacement = replacement
    }

    /// The one stretch where `old` and `new` differ (everything between their
    /// common start and common end), or nil if they are equal.
    public static func between(_ old: String, _ new: String) -> TextChange? {
        between(Array(old.unicodeScalars), Array(new.unicodeScalars))
    }

    static func between(_ old: [Unicode.Scalar], _ new: [Unicode.Scalar]) -> TextChange? {
        guard old != new else { return nil }
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        var replacement = String.UnicodeScalarView()
        replacement.append(contentsOf: new[prefix..<(new.count - suffix)])
        return TextChange(offset: prefix, length: old.count - suffix - prefix, replacement: String(replacement))
    }
}
