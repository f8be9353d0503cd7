/// A title line without its Markdown marks: `# Groceries` reads "Groceries",
/// `- [ ] **Call** [Ana](tel:123)` reads "Call Ana". What is left is what the
/// line says; a line that is nothing but marks (a code fence, a rule, a
/// bare "#") says nothing.
enum MarkdownTitle {
    /// Each line of `text` that says something, trimmed and without its
    /// marks, as `text(of:)` makes it: what a list row's preview and a search
    /// snippet show.
    static func plainLines(of text: String) -> [String] {
        text.unicodeScalars.split(whereSeparator: Note.isLineBreak).compactMap { line in
            guard let first = line.firstIndex(where: { !Note.isBlank($0) }),
                  let last = line.lastIndex(where: { !Note.isBlank($0) }) else { return nil }
            return self.text(of: String(line[first...last]))
        }
    }

    /// `line` (one trimmed line) with its block marks (quote, heading, list
    /// item, task box) and inline marks (emphasis, strikethrough, code, links)
    /// removed; nil if nothing else is left, or the line is a code fence
    /// (its language is no words of the note) or a rule.
    static func text(of line: String) -> String? {
        guard mayHaveMarks(line) else { return line }  // most lines: nothing to do
        if isFence(line) || isRule(line) { return nil }
        var text = Substring(line)
        let isHeading = dropBlockMarks(&text)
        var characters = Array(text)
        if isHeading { dropClosingHashes(&characters) }
        let plain = trimmingBlanks(String(dropInlineMarks(characters)))
        return plain.isEmpty ? nil : plain
    }

    /// Whether `line` opens or closes a code block: three backquotes and a
    /// language with none of its own (else it is code in a line, "```a``` b"),
    /// or three tildes.
    private static func isFence(_ line: String) -> Bool {
        line.hasPrefix("~~~") || (line.hasPrefix("```") && !line.dropFirst(3).drop(while: { $0 == "`" }).contains("`"))
    }

    /// Whether `line` is a rule (`---`, `* * *`) or a heading's underline
    /// (`===`): three or more of one such mark, and blanks.
    private static func isRule(_ line: String) -> Bool {
        guard let mark = line.first, "-*_=".contains(mark) else { return false }
        var count = 0
        for character in line {
            if character == mark {
                count += 1
            } else if character != " " && character != "\t" {
                return false
            }
        }
        return count >= 3
    }

    /// Whether `line` may have marks to drop: a block mark (or a heading's
    /// underline) only ever starts it, and the inline marks are few (links
    /// and images need their `[`; fences and other rules start with one).
    /// A list row's preview asks this of every line of a note's start.
    private static func mayHaveMarks(_ line: String) -> Bool {
        guard let first = line.utf8.first else { return false }
        switch first {
        case UInt8(ascii: ">"), UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "="):
            return true
        default:
            // ASCII bytes never occur inside another character's UTF-8.
            return line.utf8.contains { byte in
                switch byte {
                case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "`"), UInt8(ascii: "["): true
                default: false
                }
            }
        }
    }

    /// Drops quote marks, then a heading's hashes or a list marker with its
    /// task box; says whether the line was a heading.
    private static func dropBlockMarks(_ text: inout Substring) -> Bool {
        while text.first == ">" { text = text.dropFirst().drop(while: { $0 == " " }) }
        if let hashes = MarkdownHeading.level(of: text) {
            text = text.dropFirst(hashes).drop(while: { $0 == " " || $0 == "\t" })
            return true
        }
        let digits = text.prefix(while: { $0.isASCII && $0.isNumber }).count
        let markerLength = ["-", "*", "+"].contains(text.first) ? 1
            : (1...9).contains(digits) && [".", ")"].contains(text.dropFirst(digits).first) ? digits + 1 : 0
        if markerLength > 0, text.dropFirst(markerLength).first == " " {
            text = text.dropFirst(markerLength + 1)
            for box in ["[ ]", "[x]", "[X]"] where text.hasPrefix(box) && (text.count == 3 || text.dropFirst(3).first == " ") {
                text = text.dropFirst(box.count + 1)
            }
        }
        return false
    }

    /// A heading's optional closing run of hashes (`## Title ##`).
    private static func dropClosingHashes(_ characters: inout [Character]) {
        var end = characters.count
        while end > 0, characters[end - 1] == " " { end -= 1 }
        var start = end
        while start > 0, characters[start - 1] == "#" { start -= 1 }
        if start < end, start == 0 || characters[start - 1] == " " { characters.removeSubrange(start...) }
    }

    /// Links and images become their text; emphasis, strikethrough and code marks go.
    private static func dropInlineMarks(_ characters: [Character]) -> [Character] {
        var result: [Character] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "[" || (character == "!" && index + 1 < characters.count && characters[index + 1] == "["),
               let (label, next) = link(in: characters, at: character == "!" ? index + 1 : index) {
                result += dropInlineMarks(label)
                index = next
                continue
            }
            if character == "`" || ((character == "~" || character == "*" || character == "_") && isEmphasisMark(in: characters, at: index)) {
                index += 1
                continue
            }
            result.append(character)
            index += 1
        }
        return result
    }

    /// `[label](target)` starting at `start`: its label and the index after
    /// it. A target left open to the line's end is a link cut short (a list
    /// row's preview and a search snippet cut the text anywhere): it ends the
    /// line, as its label and the "…" the line ends with, if any.
    private static func link(in characters: [Character], at start: Int) -> ([Character], Int)? {
        guard let close = characters[start...].firstIndex(of: "]"), close + 1 < characters.count,
              characters[close + 1] == "(" else { return nil }
        let label = Array(characters[(start + 1)..<close])
        guard let end = characters[(close + 1)...].firstIndex(of: ")") else {
            return (label + (characters.last == "…" ? ["…"] : []), characters.count)
        }
        return (label, end + 1)
    }

    /// Whether the `*`, `_` or `~` at `index` opens or closes emphasis: its run
    /// touches a word on one side and a blank, a line end or punctuation on the
    /// other (so `snake_case` and `2*3` keep theirs). A `**` or `~~` run inside
    /// a word counts too where another run like it on the line pairs with it,
    /// as in text written without spaces (`**京都**へ`), as the editor styles
    /// it; a lone `*` and `_` never do.
    private static func isEmphasisMark(in characters: [Character], at index: Int) -> Bool {
        let run = markRun(in: characters, at: index)
        let mark = characters[index]
        if mark == "~" && run.count == 1 { return false }  // strikethrough is doubled
        let isOpen: (Character) -> Bool = { $0.isWhitespace || ($0.isPunctuation && $0 != mark) }
        let before = run.lowerBound > 0 ? characters[run.lowerBound - 1] : " "
        let after = run.upperBound < characters.count ? characters[run.upperBound] : " "
        if isOpen(before) != isOpen(after) { return true }
        guard mark != "_", run.count > 1, !isOpen(before) else { return false }  // or blank on both sides: a lone mark
        var other = 0
        while other < characters.count {
            guard characters[other] == mark else {
                other += 1
                continue
            }
            let partner = markRun(in: characters, at: other)
            if partner != run, partner.count == run.count { return true }
            other = partner.upperBound
        }
        return false
    }

    /// The run of the same mark as at `index` that `index` is in.
    private static func markRun(in characters: [Character], at index: Int) -> Range<Int> {
        let mark = characters[index]
        var start = index, end = index + 1
        while start > 0, characters[start - 1] == mark { start -= 1 }
        while end < characters.count, characters[end] == mark { end += 1 }
        return start..<end
    }

    /// `text` without spaces and tabs at either end.
    private static func trimmingBlanks(_ text: String) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else { return "" }
        return String(text[first...last])
    }
}
