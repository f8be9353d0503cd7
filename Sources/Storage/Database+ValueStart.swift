import CSQLite
public import FoundationEssentials

extension Database {
    /// The size in bytes of the text or blob in `column` of the row `rowid` of
    /// `table`, and at most its first `maxBytes` bytes, read without reading
    /// the rest of the value (SQLite's incremental I/O: a large value is
    /// spread over many pages, and a plain `SELECT`, even of `substr`, reads
    /// them all). Throws if there is no such row, or the value is neither text
    /// nor a blob.
    public func valueStart(table: String, column: String, rowid: Int64, maxBytes: Int) throws -> (byteCount: Int, start: Data) {
        let operation = "read the start of \(table).\(column)"
        var blob: OpaquePointer?
        let opened = sqlite3_blob_open(handle, "main", table, column, rowid, 0, &blob)
        defer { sqlite3_blob_close(blob) }  // a no-op on nil
        guard opened == SQLITE_OK, let blob else { throw error(opened, operation: operation) }
        let byteCount = Int(sqlite3_blob_bytes(blob))
        var start = Data(count: min(max(maxBytes, 0), byteCount))
        let read = start.withUnsafeMutableBytes { buffer in
            sqlite3_blob_read(blob, buffer.baseAddress, Int32(buffer.count), 0)
        }
        guard read == SQLITE_OK else { throw error(read, operation: operation) }
        return (byteCount, start)
    }
}
