import Storage

/// The notes database's schema, one migration per released version.
enum NoteSchema {
    static let migrations: [Migration] = [
        Migration(version: 1, sql: """
            CREATE TABLE notes (
                id TEXT PRIMARY KEY NOT NULL,
                body TEXT NOT NULL DEFAULT '',
                created_at REAL NOT NULL,
                modified_at REAL NOT NULL
            );
            CREATE INDEX notes_by_modified_at ON notes (modified_at DESC);
            """),
    ]
}
