extension StringProtocol {
    /// The text without the spaces and tabs at its ends (newlines stay), as
    /// Foundation's `trimmingCharacters(in: .whitespaces)` gives it.
    public func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
