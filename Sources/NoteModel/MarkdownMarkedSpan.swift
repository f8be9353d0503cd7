/// A stretch of text between a mark's opening and closing marks on one line
/// (`**two words**`, `[text](address)`), found as the editor's styling
/// finds it: the marks touch the text they hold, an underscore counts only
/// outside a word, code holds no backquote, a link's address no blank.
/// Offsets count Unicode scalars.
struct MarkdownMarkedSpan: Equatable {
    /// Where the opening marks start.
    let start: Int
    /// The marked text, between the marks.
    let content: Range<Int>
    /// Just past the closing marks.
    let end: Int

    /// A link's address, between "](" and ")".
    var address: Range<Int> { (content.upperBound + 2)..<(end - 1) }

    /// Every stretch `mark` marks in `scalars`, left to right, none inside another.
    static func all(_ mark: MarkdownMark, in scalars: [Unicode.Scalar]) -> [MarkdownMarkedSpan] {
        guard mark != .link else { return links(in: scalars) }
        let opening = Array(mark.opening.unicodeScalars), closing = Array(mark.closing.unicodeScalars)
        let underscore = mark == .italic
        func has(_ marks: [Unicode.Scalar], at offset: Int) -> Bool { MarkdownMarkedSpan.has(marks, at: offset, in: scalars) }
        func isWord(_ offset: Int) -> Bool {
            offset >= 0 && offset < scalars.count
                && (scalars[offset].properties.isAlphabetic || scalars[offset].properties.numericType != nil || scalars[offset] == "_")
        }
        func isBlank(_ offset: Int) -> Bool { offset < 0 || offset >= scalars.count || scalars[offset].properties.isWhitespace }
        // What may stand just inside the marks: no blank, and for an
        // underscore no second underscore either (code takes any character
        // but a backquote).
        func canTouch(_ offset: Int) -> Bool { !isBlank(offset) && !(underscore && scalars[offset] == "_") && scalars[offset] != "\n" }
        var spans: [MarkdownMarkedSpan] = []
        var start = 0
        while start < scalars.count {
            let contentStart = start + opening.count
            guard has(opening, at: start), !(underscore && isWord(start - 1)), contentStart < scalars.count,
                  mark == .code || canTouch(contentStart) else {
                start += 1
                continue
            }
            var close = contentStart + 1
            var found: Int?
            while close + closing.count <= scalars.count, scalars[close - 1] != "\n" {
                if mark == .code, scalars[close - 1] == "`" { break }
                if has(closing, at: close), mark == .code || canTouch(close - 1), !(underscore && isWord(close + closing.count)) {
                    found = close
                    break
                }
                close += 1
            }
            guard let found else {
                start += 1
                continue
            }
            spans.append(MarkdownMarkedSpan(start: start, content: contentStart..<found, end: found + closing.count))
            start = found + closing.count
        }
        return spans
    }

    /// Whether `marks` stand in `scalars` from `offset` on.
    static func has(_ marks: [Unicode.Scalar], at offset: Int, in scalars: [Unicode.Scalar]) -> Bool {
        offset >= 0 && offset + marks.count <= scalars.count && Array(scalars[offset..<(offset + marks.count)]) == marks
    }

    /// Every `[text](address)` in `scalars`: text up to the first "]", an address up to the first ")".
    private static func links(in scalars: [Unicode.Scalar]) -> [MarkdownMarkedSpan] {
        var spans: [MarkdownMarkedSpan] = []
        var start = 0
        while start < scalars.count {
            defer { start += 1 }
            guard scalars[start] == "[", let close = scalars[(start + 1)...].firstIndex(where: { $0 == "]" || $0 == "\n" }),
                  scalars[close] == "]", close > start + 1, close + 2 < scalars.count, scalars[close + 1] == "(",
                  let end = scalars[(close + 2)...].firstIndex(where: { $0 == ")" || $0.properties.isWhitespace }),
                  scalars[end] == ")", end > close + 2 else { continue }
            spans.append(MarkdownMarkedSpan(start: start, content: (start + 1)..<close, end: end + 1))
            start = end
        }
        return spans
    }
}
