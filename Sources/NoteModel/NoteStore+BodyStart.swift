public import FoundationEssentials

extension NoteStore {
    /// The size in bytes of the body of the note with `id` (in the trash or
    /// not) and as much of its start as its title comes from, read without
    /// reading the rest: what a window needs to decide how to open a long note
    /// and to title itself before the whole text is read. Nil if there is no
    /// such note.
    public func bodyStart(of id: UUID) throws -> (byteCount: Int, start: String)? {
        guard let rowid = try database.query("SELECT rowid FROM notes WHERE id = ?", [.text(id.uuidString)]).first?.integer(0) else {
            return nil
        }
        return try bodyStart(ofRow: rowid)
    }

    /// `bodyStart(of:)` of the note in the row `rowid`: the start is the body's
    /// first `Note.titleSourceLength` Unicode scalars, as SQLite's `substr`
    /// counts them (which reads the whole body first).
    func bodyStart(ofRow rowid: Int64) throws -> (byteCount: Int, start: String) {
        // Those scalars are at most four bytes each.
        let (byteCount, bytes) = try database.valueStart(
            table: "notes", column: "body", rowid: rowid, maxBytes: Note.titleSourceLength * 4)
        let start = String(decoding: NoteStore.wholeCharacters(of: bytes), as: UTF8.self)
        return (byteCount, String(start.unicodeScalars.prefix(Note.titleSourceLength)))
    }

    /// `bytes` without a UTF-8 sequence cut off at its end (a start read by
    /// byte count can end inside a character).
    static func wholeCharacters(of bytes: Data) -> Data {
        var lead = bytes.endIndex
        // The last byte that starts a character, at most four bytes from the end.
        while lead > bytes.startIndex, bytes.endIndex - lead < 4 {
            lead -= 1
            if bytes[lead] & 0xC0 != 0x80 { break }
        }
        guard lead < bytes.endIndex else { return bytes }
        let first = bytes[lead]
        let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        return bytes.endIndex - lead >= length ? bytes : bytes[bytes.startIndex..<lead]
    }
}
