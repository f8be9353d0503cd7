public import FoundationEssentials

/// A typing journal's file (`TypingJournal` writes it), read back by the next
/// launch: which note, the revision its edits apply to, and its records, up
/// to the first one a killed process left half written. `replay(onto:)`
/// rebuilds the text the windows showed.
///
/// The format is plain lines, each text with its length in bytes before it:
/// `quire-journal 1 <note> <revision>`, then `i <offset> <bytes>` and the
/// text inserted, `d <offset> <length>`, `t <bytes>` and a whole text, and
/// `s <edits> <fingerprint>` for a save that began. Offsets and lengths are
/// in Unicode scalars, as GTK counts characters.
public struct TypingJournalFile: Sendable {
    /// The note the journal is of.
    public let noteID: UUID
    /// The revision the edits apply to (0: a note not stored yet).
    public let baseRevision: Int64
    /// The text the edits apply to, where it is not that revision's.
    public let baseText: String?
    /// The edits, in order.
    public let edits: [NoteEdit]
    /// The saves that began: how many of the edits their text held, and its fingerprint.
    public let saves: [(editCount: Int, fingerprint: String)]

    /// Reads the journal at `path`; nil if it is not one (or has no header).
    public init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }

    /// Reads a journal's bytes; nil if they do not start with a journal's header.
    public init?(data: Data) {
        var reader = Reader(bytes: [UInt8](data))
        let header = reader.line()?.split(separator: " ")
        guard let header, header.count == 4, header[0] == "quire-journal", header[1] == "1",
              let noteID = UUID(uuidString: String(header[2])), let revision = Int64(header[3]) else { return nil }
        var baseText: String?
        var edits: [NoteEdit] = []
        var saves: [(Int, String)] = []
        // Stops at the first record that is not whole: a kill cut it short.
        reading: while let line = reader.line() {
            let fields = line.split(separator: " ").map(String.init)
            switch (fields.first, fields.count) {
            case ("i", 3):
                guard let offset = Int(fields[1]), let count = Int(fields[2]), let text = reader.text(count) else { break reading }
                edits.append(.insert(offset: offset, text: text))
            case ("d", 3):
                guard let offset = Int(fields[1]), let length = Int(fields[2]) else { break reading }
                edits.append(.delete(offset: offset, length: length))
            case ("t", 2):
                guard edits.isEmpty, let count = Int(fields[1]), let text = reader.text(count) else { break reading }
                baseText = text
            case ("s", 3):
                guard let count = Int(fields[1]) else { break reading }
                saves.append((count, fields[2]))
            default:
                break reading
            }
        }
        self.noteID = noteID
        baseRevision = revision
        self.baseText = baseText
        self.edits = edits
        self.saves = saves
    }

    /// The text the windows showed, rebuilt on the note as stored now
    /// (`revision` and `body`; revision 0 and "" for a note not stored): the
    /// edits on the revision they apply to, or, where a save began and the
    /// stored text is the one it wrote, the edits made after it. Nil where
    /// neither holds (the note was saved since by another program).
    public func replay(onto revision: Int64, body: String) -> String? {
        if revision == baseRevision { return TypingJournalFile.apply(edits, to: baseText ?? body) }
        let fingerprint = TextFingerprint.of(body)
        guard let save = saves.last(where: { $0.fingerprint == fingerprint && $0.editCount <= edits.count }) else { return nil }
        return TypingJournalFile.apply(edits[save.editCount...], to: body)
    }

    /// `text` with `edits` applied, offsets in Unicode scalars (clamped to the text).
    static func apply(_ edits: some Collection<NoteEdit>, to text: String) -> String {
        guard !edits.isEmpty else { return text }
        var scalars = Array(text.unicodeScalars)
        for edit in edits {
            switch edit {
            case let .insert(offset, inserted):
                scalars.insert(contentsOf: inserted.unicodeScalars, at: min(max(offset, 0), scalars.count))
            case let .delete(offset, length):
                let start = min(max(offset, 0), scalars.count)
                scalars.removeSubrange(start..<min(start + max(length, 0), scalars.count))
            case .beginStep, .endStep:
                continue
            }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    // MARK: Writing

    static func header(noteID: UUID, revision: Int64) -> Data {
        Data("quire-journal 1 \(noteID.uuidString.lowercased()) \(revision)\n".utf8)
    }

    static func record(for edit: NoteEdit) -> Data {
        switch edit {
        case let .insert(offset, text): withText("i \(offset)", text)
        case let .delete(offset, length): Data("d \(offset) \(length)\n".utf8)
        case .beginStep, .endStep: Data()
        }
    }

    static func textRecord(_ text: String) -> Data { withText("t", text) }

    static func saveRecord(editCount: Int, fingerprint: String) -> Data {
        Data("s \(editCount) \(fingerprint)\n".utf8)
    }

    private static func withText(_ head: String, _ text: String) -> Data {
        let bytes = Data(text.utf8)
        var record = Data("\(head) \(bytes.count)\n".utf8)
        record.append(bytes)
        record.append(0x0A)
        return record
    }

    /// Lines and counted texts from the journal's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        /// The next line, without its newline; nil at the end or if it has none.
        mutating func line() -> String? {
            guard let end = bytes[position...].firstIndex(of: 0x0A) else { return nil }
            defer { position = end + 1 }
            return String(decoding: bytes[position..<end], as: UTF8.self)
        }

        /// The next `count` bytes as text, and the newline after them; nil if cut short.
        mutating func text(_ count: Int) -> String? {
            guard count >= 0, position + count < bytes.count, bytes[position + count] == 0x0A else { return nil }
            defer { position += count + 1 }
            return String(validating: bytes[position..<position + count], as: UTF8.self)
        }
    }
}
