import CSQLite
import FoundationEssentials

/// A prepared SQLite statement. Values are always bound as parameters.
final class Statement {
    private let handle: OpaquePointer
    /// Unowned: the database caches its statements, and a strong reference back
    /// would keep the connection open forever (and its WAL never checkpointed).
    private unowned let database: Database
    /// Its SQL, kept for error messages.
    private let sql: String
    /// What running it is called in error messages ("run “SELECT id FROM notes …”"),
    /// made only when an error needs it: a launch prepares dozens of statements,
    /// some of them whole schemas, and splitting each into words cost more than
    /// preparing it.
    private var operation: String { Database.describe(sql) }

    init(database: Database, sql: String) throws {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(
            database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            throw database.error(code, operation: Database.describe(sql))
        }
        self.handle = prepared
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Runs the statement with `values` bound to its parameters, returning every row.
    func run(_ values: [SQLiteValue]) throws -> [Row] {
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        try bind(values)
        var rows: [Row] = []
        while true {
            let code = sqlite3_step(handle)
            switch code {
            case SQLITE_ROW: rows.append(try currentRow())
            case SQLITE_DONE: return rows
            default: throw database.error(code, operation: operation)
            }
        }
    }

    private func bind(_ values: [SQLiteValue]) throws {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == values.count else {
            throw StorageError.sqlite(
                operation: operation, path: database.path, code: SQLITE_RANGE,
                message: "the statement takes \(expected) values but \(values.count) were given")
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case let .integer(number): code = sqlite3_bind_int64(handle, index, number)
            case let .real(number): code = sqlite3_bind_double(handle, index, number)
            case let .text(text): code = csqlite_bind_text(handle, index, text, -1)
            case let .blob(bytes):
                code = bytes.withUnsafeBytes {
                    csqlite_bind_blob(handle, index, $0.baseAddress, Int32($0.count))
                }
            }
            guard code == SQLITE_OK else { throw database.error(code, operation: operation) }
        }
    }

    /// The current row's values. SQLite returns no text or blob pointer when it
    /// ran out of memory converting a value; that is an error, never a crash.
    private func currentRow() throws -> Row {
        let count = sqlite3_column_count(handle)
        var values: [SQLiteValue] = []
        values.reserveCapacity(Int(count))
        for column in 0..<count {
            switch sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(handle, column)))
            case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(handle, column)))
            case SQLITE_TEXT:
                guard let text = sqlite3_column_text(handle, column) else {
                    throw database.error(SQLITE_NOMEM, operation: operation)
                }
                let length = Int(sqlite3_column_bytes(handle, column))
                values.append(.text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)))
            case SQLITE_BLOB:
                let length = Int(sqlite3_column_bytes(handle, column))
                if let bytes = sqlite3_column_blob(handle, column) {
                    values.append(.blob(Data(bytes: bytes, count: length)))
                } else if length == 0 {
                    values.append(.blob(Data()))  // SQLite gives no pointer for an empty blob
                } else {
                    throw database.error(SQLITE_NOMEM, operation: operation)
                }
            default: values.append(.null)
            }
        }
        return Row(values: values)
    }
}
