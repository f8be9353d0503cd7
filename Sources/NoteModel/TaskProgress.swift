/// How far a note's checklist has got: how many of its task items
/// (`- [ ] …`, `- [x] …`) are checked, of how many. A list row shows it ("3/5").
public struct TaskProgress: Equatable, Sendable {
    /// Checked items.
    public let done: Int
    /// All task items.
    public let total: Int

    /// The task items of `body`, or nil if it has none.
    public init?(body: String) {
        self.init(counts: TaskProgress.counts(in: body))
    }

    /// Progress from counts stored with a note, or nil if it has no task items.
    init?(counts: (done: Int, total: Int)) {
        guard counts.total > 0 else { return nil }
        done = counts.done
        total = counts.total
    }

    /// Counts the task items of `body`. One pass over its bytes finds the lines
    /// holding a box ("[ ]", "[x]" or "[X]"); only those are read as list
    /// items, so a long note costs little more than a scan (every save counts).
    static func counts(in body: String) -> (done: Int, total: Int) {
        // A native string's bytes are read where they are: copying a long note's
        // for every save cost as much as the scan.
        body.utf8.withContiguousStorageIfAvailable(counts(inUTF8:))
            ?? Array(body.utf8).withUnsafeBufferPointer(counts(inUTF8:))
    }

    /// `counts(in:)` of the UTF-8 text `bytes`.
    private static func counts(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> (done: Int, total: Int) {
        var done = 0
        var total = 0
        var lineStart = 0
        var lineHasBox = false
        for index in 0...bytes.count {
            let atLineEnd = index == bytes.count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
            if !atLineEnd {
                if bytes[index] == UInt8(ascii: "["), index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "]"),
                   [UInt8(ascii: " "), UInt8(ascii: "x"), UInt8(ascii: "X")].contains(bytes[index + 1]) {
                    lineHasBox = true
                }
                continue
            }
            if lineHasBox {
                // Rare lines: read as text, split again at any other line break Unicode knows.
                let text = String(decoding: bytes[lineStart..<index], as: UTF8.self)
                for line in text.split(whereSeparator: \.isNewline) {
                    guard let checked = MarkdownListItem(line: String(line))?.isChecked else { continue }
                    total += 1
                    if checked { done += 1 }
                }
            }
            lineStart = index + 1
            lineHasBox = false
        }
        return (done, total)
    }

    /// The SQL condition a body must meet to have any task item: a box, "[ ]",
    /// "[x]" or "[X]", found in one pass. Only for notes saved before their
    /// counts were stored (schema version 5); every save since stores them.
    static let sqlFilter = "body GLOB '*[[][ xX][]]*'"
}
