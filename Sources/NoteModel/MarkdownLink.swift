/// Finds the link under a place in a line of Markdown: a link written
/// `[text](target)` (anywhere on it, brackets included), or a bare address
/// (`https://…`, `quire://note/…`, `mailto:…`). What Ctrl+click opens.
public enum MarkdownLink {
    /// The schemes a bare address may have.
    static let bareSchemes = ["https://", "http://", "quire://", "mailto:", "file://"]

    /// The target of the link that covers character `column` of `line`, or nil.
    public static func target(in line: String, at column: Int) -> String? {
        let characters = Array(line)
        guard column >= 0, column < characters.count else { return nil }
        return writtenLink(in: characters, at: column) ?? bareAddress(in: characters, at: column)
    }

    /// `[text](target)` around `column`.
    private static func writtenLink(in characters: [Character], at column: Int) -> String? {
        var start = column
        while start >= 0 {
            if characters[start] == "[", let (end, target) = link(in: characters, from: start), end > column {
                return target
            }
            start -= 1
        }
        return nil
    }

    /// A link starting with "[" at `start`: where it ends (after ")") and its target.
    private static func link(in characters: [Character], from start: Int) -> (end: Int, target: String)? {
        guard let close = closingBracket(in: characters, after: start), close + 1 < characters.count,
              characters[close + 1] == "(", let end = characters[(close + 2)...].firstIndex(of: ")") else { return nil }
        let target = String(characters[(close + 2)..<end]).trimmingBlanks
        return target.isEmpty || target.contains(" ") ? nil : (end + 1, target)
    }

    /// The first "]" after `start` not escaped with a backslash (`[a \] b](…)`).
    private static func closingBracket(in characters: [Character], after start: Int) -> Int? {
        var index = start + 1
        while index < characters.count {
            if characters[index] == "]" { return index }
            index += characters[index] == "\\" ? 2 : 1
        }
        return nil
    }

    /// A bare address around `column`: a run of non-blank characters that
    /// starts with a known scheme, without trailing punctuation.
    private static func bareAddress(in characters: [Character], at column: Int) -> String? {
        func isBreak(_ character: Character) -> Bool { character.isWhitespace || "<>()[]\"".contains(character) }
        guard !isBreak(characters[column]) else { return nil }
        var start = column
        while start > 0, !isBreak(characters[start - 1]) { start -= 1 }
        var end = column
        while end < characters.count, !isBreak(characters[end]) { end += 1 }
        while end > start, ".,;:!?'".contains(characters[end - 1]) { end -= 1 }
        let word = String(characters[start..<end])
        return bareSchemes.contains { word.lowercased().hasPrefix($0) && word.count > $0.count } ? word : nil
    }
}

private extension String {
    var trimmingBlanks: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
