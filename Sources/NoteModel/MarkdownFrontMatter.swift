/// A properties block at a note's very start, as Obsidian, Jekyll and
/// Pandoc write it: a line `---`, the properties (`tags: [trip]`), and a line
/// `---` or `...` closing it. It is about the note, not the note's text: the
/// title and the list's preview start after it.
enum MarkdownFrontMatter {
    /// Where the text after the block starts in `text`, and how many Unicode
    /// scalars come before it, if `text` starts with a block closed within
    /// its first `limit` scalars (a byte order mark before it aside).
    static func end(in text: String, within limit: Int) -> (index: String.Index, scalars: Int)? {
        let scalars = text.unicodeScalars
        var index = scalars.startIndex, read = 0
        if index < scalars.endIndex, scalars[index] == "\u{FEFF}" {
            scalars.formIndex(after: &index)
            read += 1
        }
        // Most notes start otherwise: their first line is not read on (every list row asks twice).
        guard scalars[index...].starts(with: "---".unicodeScalars) else { return nil }
        var line = "", lineNumber = 0
        while index < scalars.endIndex, read < limit {
            let scalar = scalars[index]
            scalars.formIndex(after: &index)
            read += 1
            guard Note.isLineBreak(scalar) else {
                line.unicodeScalars.append(scalar)
                continue
            }
            if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" {
                scalars.formIndex(after: &index)
                read += 1
            }
            let marks = line.unicodeScalars.reversed().drop { $0 == " " || $0 == "\t" }
            let trimmed = String(String.UnicodeScalarView(marks.reversed()))
            if lineNumber == 0 {
                guard trimmed == "---" else { return nil }
            } else if trimmed == "---" || trimmed == "..." {
                return (index, read)
            }
            line = ""
            lineNumber += 1
        }
        return nil
    }
}
