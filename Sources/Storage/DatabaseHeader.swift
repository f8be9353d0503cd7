import FoundationEssentials

/// The first 100 bytes of an SQLite file, read as plain bytes: nothing is
/// opened through SQLite, locked or written. Gives the file's mark
/// (`application_id`) and schema version (`user_version`) as the file itself
/// has them, which is what they are unless the log holds newer ones.
struct DatabaseHeader {
    /// The file's `application_id`.
    let applicationID: Int32
    /// The file's `user_version`.
    let userVersion: Int32
    /// The page size in bytes.
    let pageSize: Int
    /// How many pages the file should have, if the header's count is valid
    /// (SQLite keeps it valid when its change counter matches).
    let pageCount: Int?

    private static let magic = Array("SQLite format 3\u{0}".utf8)

    /// The header of the file at `path`, or nil if it has none (empty, short, or not SQLite).
    init?(path: String) {
        guard let bytes = FileBytes.readStart(of: path, count: 100), bytes.count == 100 else { return nil }
        guard Array(bytes[0..<16]) == DatabaseHeader.magic else { return nil }
        func integer(at offset: Int) -> Int32 {
            Int32(bitPattern: UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
                | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3]))
        }
        userVersion = integer(at: 60)
        applicationID = integer(at: 68)
        let rawPageSize = Int(UInt16(bytes[16]) << 8 | UInt16(bytes[17]))
        pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        let count = Int(UInt32(bitPattern: integer(at: 28)))
        // The count is valid only if the change counter and the "valid for" number agree.
        pageCount = count > 0 && integer(at: 24) == integer(at: 92) ? count : nil
    }
}
