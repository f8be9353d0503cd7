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
        // The trash, and full-text search over every note's text (FTS5, kept in
        // step with the notes by triggers; diacritics ignored).
        Migration(version: 2, sql: """
            ALTER TABLE notes ADD COLUMN trashed_at REAL;
            CREATE INDEX notes_in_trash ON notes (trashed_at) WHERE trashed_at IS NOT NULL;
            CREATE VIRTUAL TABLE notes_search USING fts5(
                body, content = 'notes', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2');
            INSERT INTO notes_search (rowid, body) SELECT rowid, body FROM notes;
            CREATE TRIGGER notes_search_insert AFTER INSERT ON notes BEGIN
                INSERT INTO notes_search (rowid, body) VALUES (new.rowid, new.body);
            END;
            CREATE TRIGGER notes_search_delete AFTER DELETE ON notes BEGIN
                INSERT INTO notes_search (notes_search, rowid, body) VALUES ('delete', old.rowid, old.body);
            END;
            CREATE TRIGGER notes_search_update AFTER UPDATE OF body ON notes BEGIN
                INSERT INTO notes_search (notes_search, rowid, body) VALUES ('delete', old.rowid, old.body);
                INSERT INTO notes_search (rowid, body) VALUES (new.rowid, new.body);
            END;
            """),
    ]
}
