/// One line of a Markdown list: its indent, its marker (`-`, `*`, `+`, or a
/// number with `.` or `)`), and its task box if it has one (`- [ ] to do`,
/// `- [x] done`). What the editor needs to continue a list on Return, toggle
/// a task, and indent an item. Offsets count characters (as the editor does).
public struct MarkdownListItem: Equatable, Sendable {
    /// The blanks before the marker.
    public let indent: String
    /// The marker as typed: "-", "*", "+", "1.", "12)".
    public let marker: String
    /// Whether the item is a task: nil if not, else whether it is checked.
    public let isChecked: Bool?
    /// Where the item's own text starts in the line (after the marker, the
    /// box and one blank).
    public let contentOffset: Int
    /// Where the task box's mark (the character between the brackets) is in the line.
    public var boxMarkOffset: Int? {
        isChecked == nil ? nil : indent.count + marker.count + 2
    }

    /// The list item `line` (one line, without its line break) begins, or nil.
    public init?(line: String) {
        let characters = Array(line)
        let indentLength = characters.prefix { $0 == " " || $0 == "\t" }.count
        var position = indentLength
        let digits = characters[position...].prefix { $0.isASCII && $0.isNumber }.count
        if position < characters.count, "-*+".contains(characters[position]) {
            position += 1
        } else if (1...9).contains(digits), position + digits < characters.count, ".)".contains(characters[position + digits]) {
            position += digits + 1
        } else {
            return nil
        }
        // A marker is followed by a blank, or ends the line (an item still empty).
        guard position == characters.count || characters[position] == " " || characters[position] == "\t" else { return nil }
        indent = String(characters[..<indentLength])
        marker = String(characters[indentLength..<position])
        let rest = characters[position...]
        if rest.count >= 4, rest.starts(with: [" ", "["]), rest.dropFirst(3).first == "]",
           rest.count == 4 || rest.dropFirst(4).first == " ",
           let mark = rest.dropFirst(2).first, " xX".contains(mark) {
            isChecked = mark != " "
            contentOffset = min(characters.count, position + 5)
        } else {
            isChecked = nil
            contentOffset = min(characters.count, position + 1)
        }
    }

    /// Whether the item has no text of its own yet (Return on it ends the list).
    public func isEmpty(in line: String) -> Bool {
        line.dropFirst(contentOffset).allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// What the next line starts with when Return continues the list: the same
    /// indent and bullet, the next number, and an unchecked box for a task.
    public var continuation: String { continuation(repeatingNumber: false) }

    /// `continuation`, or with this item's own number (`repeatingNumber`), for
    /// a list written "1." at every item, which Markdown numbers itself.
    public func continuation(repeatingNumber: Bool) -> String {
        var next = marker
        if !repeatingNumber, let delimiter = marker.last, let number = Int(marker.dropLast()) {
            next = "\(number + 1)\(delimiter)"
        }
        return indent + next + " " + (isChecked == nil ? "" : "[ ] ")
    }

    /// How far Tab indents the item: to where its text starts, as Markdown nests
    /// a list under an item ("- " two blanks, "1. " three).
    public var indentStep: Int { marker.count + 1 }

    /// The item's number, if it is a numbered item ("3." → 3).
    public var number: Int? {
        guard let delimiter = marker.last, ".)".contains(delimiter) else { return nil }
        return Int(marker.dropLast())
    }

    /// The item's marker with `number` in place of its own ("3." → "1.").
    public func marker(numbered number: Int) -> String { "\(number)\(marker.last ?? ".")" }
}
