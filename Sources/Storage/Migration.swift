/// One step of a database schema, applied once in a transaction.
///
/// `PRAGMA user_version` records the last step applied. Steps are numbered
/// 1, 2, 3 … and never change once released: a new schema is a new step.
public struct Migration: Sendable {
    /// The schema version this step brings the database to.
    public let version: Int32
    /// The SQL statements of the step (schema changes only; no user values).
    public let sql: String

    /// A step bringing the schema to `version` by running `sql`.
    public init(version: Int32, sql: String) {
        self.version = version
        self.sql = sql
    }
}
