/// Something opening a database found and dealt with that a person should
/// hear of, though the database could be used.
public enum DatabaseNotice: Sendable, Equatable {
    /// The write-ahead log was damaged: SQLite reads it only up to the damage,
    /// so the newest changes may be missing. The file and its log were copied,
    /// as they were, to `copy` and `copy-wal` before anything read them.
    case damagedLogKeptAside(reason: String, copy: String)
}
