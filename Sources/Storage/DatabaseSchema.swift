/// What a database file of one kind is: the mark in its header that says the
/// file is of this kind (SQLite's `application_id`), and the migrations that
/// build its schema.
///
/// A file is used only if it carries the mark, or is new and empty, or was
/// written by a version before the mark existed (it has schema version 1 or
/// later and the tables of `unmarkedTables`, each with at least the columns
/// listed; it is marked then). Any other database is another program's and is
/// refused before anything is written.
public struct DatabaseSchema: Sendable {
    /// The 32-bit mark written to the file's header.
    public let applicationID: Int32
    /// The steps of the schema, numbered from 1.
    public let migrations: [Migration]
    /// The tables, and columns of each, a file from before the mark existed
    /// must have to be adopted.
    public let unmarkedTables: [String: Set<String>]

    /// A schema marked with `applicationID`, built by `migrations`.
    public init(applicationID: Int32, migrations: [Migration], unmarkedTables: [String: Set<String>] = [:]) {
        self.applicationID = applicationID
        self.migrations = migrations
        self.unmarkedTables = unmarkedTables
    }

    /// The version the last migration brings a file to.
    public var newestVersion: Int32 { migrations.map(\.version).max() ?? 0 }
}
