import CSQLite
import FoundationEssentials

/// Telling this app's files from other programs' before writing anything.
extension Database {
    /// Throws `.foreign` if the file at `path` is another program's database,
    /// and `.newerSchema` if a newer version wrote it; returns if it is this
    /// schema's file, an earlier version's, or new and empty. Reads only: the
    /// header as plain bytes when it already carries the mark and no log
    /// could hold newer settings, else through a read-only connection.
    static func checkIdentity(of path: String, against schema: DatabaseSchema) throws {
        let hasLog = FileBytes.size(of: path + "-wal") > 0
        let size = FileBytes.size(of: path)
        let header = DatabaseHeader(path: path)
        if !hasLog, let header, let pages = header.pageCount, size < pages * header.pageSize {
            // Opening would work and the missing pages fail only when read, perhaps
            // after a write: a cut-short file is refused as it is.
            throw StorageError.sqlite(
                operation: "open the database", path: path, code: SQLITE_CORRUPT,
                message: "the file is shorter than its header says (\(size) of \(pages * header.pageSize) bytes); it was cut short")
        }
        if !hasLog, let header, header.applicationID == schema.applicationID {
            guard header.userVersion <= schema.newestVersion else {
                throw StorageError.newerSchema(path: path, found: header.userVersion, supported: schema.newestVersion)
            }
            return
        }
        if size == 0 && !hasLog { return }  // an empty file: this app made it and wrote nothing yet

        let reader = try Database(readOnlyPath: path)
        defer { reader.close() }
        let mark = try reader.applicationID()
        let version = try reader.userVersion()
        let tables = Set(try reader.query(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        ).compactMap { $0.string(0) })

        let isOurs = try mark == schema.applicationID
            || (mark == 0 && version == 0 && tables.isEmpty)
            || (mark == 0 && version > 0 && isEarlierVersion(reader, of: schema, tables: tables))
        guard isOurs else {
            throw StorageError.foreign(path: path, reason: foreignReason(mark: mark, tables: tables))
        }
        guard version <= schema.newestVersion else {
            throw StorageError.newerSchema(path: path, found: version, supported: schema.newestVersion)
        }
    }

    /// Whether an unmarked file has the tables and columns of one this schema wrote.
    private static func isEarlierVersion(_ reader: Database, of schema: DatabaseSchema, tables: Set<String>) throws -> Bool {
        guard !schema.unmarkedTables.isEmpty else { return false }
        for (table, columns) in schema.unmarkedTables {
            guard tables.contains(table) else { return false }
            // PRAGMA takes no parameters; the table name comes from code, not the file.
            let present = Set(try reader.query("PRAGMA table_info(\"\(table)\")").compactMap { $0.string(1) })
            guard columns.isSubset(of: present) else { return false }
        }
        return true
    }

    /// Why a file is taken for another program's, in words.
    private static func foreignReason(mark: Int32, tables: Set<String>) -> String {
        if mark != 0 {
            return "its header marks it as another program's database (application id "
                + "0x\(String(UInt32(bitPattern: mark), radix: 16)))"
        }
        let names = tables.sorted().prefix(5).map { "“\($0)”" }.joined(separator: ", ")
        return tables.isEmpty ? "it has a schema version but no tables"
            : "it is a database with other tables: \(names)\(tables.count > 5 ? ", …" : "")"
    }
}
