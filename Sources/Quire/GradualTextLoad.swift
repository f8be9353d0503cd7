import GtkKit

/// Puts a long text into an editor a piece at a time, one piece between
/// frames, so a window opening a note of many megabytes keeps drawing and
/// answering (GTK's text buffer takes about 11 ms a megabyte). A long text
/// the editor showed before can go out the same way first: GTK takes about
/// 35 ms to let go of 20 MB at once. Until the last piece is in, `text` is
/// the whole text: what the note's document compares and saves is never
/// what the editor shows meanwhile.
@MainActor
final class GradualTextLoad {
    /// About how much text goes in per piece, in UTF-8 bytes (a few milliseconds of GTK's time).
    static let pieceBytes = 256 * 1024

    /// Whether `text` is long enough to go in piece by piece.
    static func isLong(_ text: String) -> Bool { text.utf8.count > pieceBytes }

    /// The whole text being put in.
    let text: String
    /// How many pieces are in so far.
    private(set) var piecesAppended = 0
    /// Where the next piece starts.
    private var next: String.Index
    private var source: MainLoopSource?
    private var takeOutPiece: (@MainActor () -> Bool)?
    private let append: @MainActor (_ piece: String, _ isFirst: Bool) -> Void
    private var finished: (@MainActor () -> Void)?

    /// Starts putting `text` in. If there is `takeOutPiece`, it is called
    /// first, once now and once between each two frames after, until it says
    /// it took nothing out (what is left of the old text is a piece at most);
    /// then `append` takes the first piece (in place of what is left) and
    /// each later one between frames (at the end); `finished` runs once the
    /// last is in.
    init(
        text: String, takeOutPiece: (@MainActor () -> Bool)? = nil,
        append: @escaping @MainActor (_ piece: String, _ isFirst: Bool) -> Void,
        finished: @escaping @MainActor () -> Void
    ) {
        self.text = text
        self.takeOutPiece = takeOutPiece
        self.append = append
        self.finished = finished
        next = text.startIndex
        _ = step()
        source = MainLoop.betweenFrames { [weak self] in self?.step() ?? false }
    }

    /// Whether the old text is still going out.
    var isTakingOut: Bool { takeOutPiece != nil }

    /// How many characters (Unicode scalars, as GTK counts them) the whole text has.
    private(set) lazy var characterCount: Int32 = {
        let count = text.utf8.withContiguousStorageIfAvailable(UTF8Scalars.count(in:))
            ?? text.unicodeScalars.count
        return Int32(clamping: count)
    }()

    /// Puts the rest in at once (something needs the whole text in the buffer now).
    func finishNow() {
        while step() {}
    }

    /// Stops putting text in; `finished` never runs.
    func cancel() {
        source?.cancel()
        source = nil
        finished = nil
        takeOutPiece = nil
    }

    /// Takes a piece of the old text out, or puts the next piece in; false
    /// once there is none left (and `finished` has run).
    private func step() -> Bool {
        guard finished != nil else { return false }
        if let takeOutPiece {
            if takeOutPiece() { return true }
            self.takeOutPiece = nil
        }
        return appendPiece()
    }

    /// Appends the next piece; false once there is none left (and `finished` has run).
    private func appendPiece() -> Bool {
        guard let finished else { return false }
        let end = GradualTextLoad.pieceEnd(in: text, from: next)
        append(String(text[next..<end]), piecesAppended == 0)
        next = end
        piecesAppended += 1
        guard next == text.endIndex else { return true }
        source?.cancel()
        source = nil
        self.finished = nil
        finished()
        return false
    }

    /// Where the piece starting at `start` ends: after the last line break
    /// within `pieceBytes` of it, or, in a line longer than that, at the
    /// character boundary nearest `pieceBytes` (a "\r\n" is never split).
    static func pieceEnd(in text: String, from start: String.Index) -> String.Index {
        let bytes = text.utf8
        guard let limit = bytes.index(start, offsetBy: pieceBytes, limitedBy: bytes.endIndex), limit < bytes.endIndex else {
            return bytes.endIndex
        }
        if let lineBreak = bytes[start..<limit].lastIndex(of: UInt8(ascii: "\n")) {
            return bytes.index(after: lineBreak)
        }
        var end = limit
        while end > start, bytes[end] & 0xC0 == 0x80 { end = bytes.index(before: end) }  // not inside a character
        if bytes[end] == UInt8(ascii: "\n") { end = bytes.index(after: end) }  // a "\r" just before stays with it
        return end > start ? end : bytes.index(after: start)
    }
}
