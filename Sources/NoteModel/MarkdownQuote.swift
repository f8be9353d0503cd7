/// The quote marks a Markdown line starts with (`> `, `> > `, `  >`): what
/// Return carries on to the next line, what Backspace takes off, and what
/// the list keys look past to find an item quoted (`> - milk`). Offsets
/// count characters (as the editor does).
public struct MarkdownQuote: Equatable, Sendable {
    /// The marks as typed: the blanks before them (three at most, as
    /// Markdown allows), each `>` with the blank after it, if any.
    public let prefix: String
    /// Where the innermost `>` is in the line.
    public let innermostMarkOffset: Int

    /// The quote marks `line` (one line, without its line break) begins with, or nil.
    public init?(line: some StringProtocol) {
        let characters = Array(line)
        var position = characters.prefix { $0 == " " }.count
        guard position <= 3, position < characters.count, characters[position] == ">" else { return nil }
        var innermost = position
        while true {
            innermost = position
            position += 1
            if position < characters.count, characters[position] == " " || characters[position] == "\t" { position += 1 }
            // Another level: blanks (three at most) and a mark.
            let blanks = characters[position...].prefix { $0 == " " }.count
            guard blanks <= 3, position + blanks < characters.count, characters[position + blanks] == ">" else { break }
            position += blanks
        }
        prefix = String(characters[..<position])
        innermostMarkOffset = innermost
    }
}
