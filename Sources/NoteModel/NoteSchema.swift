import Storage

/// The notes database's schema, one migration per released version.
enum NoteSchema {
    /// The mark in the header of every notes database ("QUNT").
    static let applicationID: Int32 = 0x5155_4E54

    /// The notes database: marked, built by every migration; a file from before
    /// the mark is recognised by its `notes` table.
    static let schema = DatabaseSchema(applicationID: applicationID, migrations: migrations, unmarkedTables: ["notes": ["id", "body", "created_at", "modified_at"]])

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
        // Several writers (two processes, sync later): each note's revision, which
        // every body save checks and raises, so no save overwrites a version it
        // has not seen; and a change sequence, raised by triggers on every
        // insert, edit, trash, restore and delete, so a process can ask what
        // others changed since it last looked.
        Migration(version: 3, sql: """
            ALTER TABLE notes ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE notes ADD COLUMN change_sequence INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX notes_by_change_sequence ON notes (change_sequence);
            CREATE TABLE change_counter (value INTEGER NOT NULL);
            INSERT INTO change_counter (value) VALUES (0);
            CREATE TABLE deleted_notes (id TEXT PRIMARY KEY NOT NULL, change_sequence INTEGER NOT NULL);
            CREATE TRIGGER notes_sequence_insert AFTER INSERT ON notes BEGIN
                UPDATE change_counter SET value = value + 1;
                UPDATE notes SET change_sequence = (SELECT value FROM change_counter) WHERE rowid = new.rowid;
                DELETE FROM deleted_notes WHERE id = new.id;
            END;
            CREATE TRIGGER notes_sequence_update AFTER UPDATE OF body, trashed_at ON notes BEGIN
                UPDATE change_counter SET value = value + 1;
                UPDATE notes SET change_sequence = (SELECT value FROM change_counter) WHERE rowid = new.rowid;
            END;
            CREATE TRIGGER notes_sequence_delete AFTER DELETE ON notes BEGIN
                UPDATE change_counter SET value = value + 1;
                INSERT OR REPLACE INTO deleted_notes (id, change_sequence) VALUES (old.id, (SELECT value FROM change_counter));
            END;
            """),
        // Pinned notes: listed first. The list's order (pinned first, then newest
        // first, ties by identifier) gets an index of its own, and a pin or unpin
        // raises the change sequence so other processes see it.
        Migration(version: 4, sql: """
            ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX notes_in_list_order ON notes (pinned DESC, modified_at DESC, id DESC) WHERE trashed_at IS NULL;
            DROP TRIGGER notes_sequence_update;
            CREATE TRIGGER notes_sequence_update AFTER UPDATE OF body, trashed_at, pinned ON notes BEGIN
                UPDATE change_counter SET value = value + 1;
                UPDATE notes SET change_sequence = (SELECT value FROM change_counter) WHERE rowid = new.rowid;
            END;
            """),
        // Each note's checklist counts, stored by every save so a list row
        // shows a long note's progress without reading its whole text. Null for
        // notes saved before (counted from the text until their next save).
        Migration(version: 5, sql: """
            ALTER TABLE notes ADD COLUMN tasks_done INTEGER;
            ALTER TABLE notes ADD COLUMN tasks_total INTEGER;
            """),
        // Sync with a WebDAV folder: the account (its folder and user; the
        // password lives in the desktop's keyring), each synced note's file
        // and the version both sides last agreed on (the server's entity tag,
        // the note's revision and a hash of the text, and of a text sent whose
        // answer never came), and files Quire means to remove from the server
        // after a rename.
        Migration(version: 6, sql: """
            CREATE TABLE sync_account (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                folder_url TEXT NOT NULL,
                user_name TEXT NOT NULL,
                trusted_certificates TEXT,
                last_sync REAL,
                last_failure TEXT
            );
            CREATE TABLE sync_files (
                note_id TEXT PRIMARY KEY NOT NULL,
                file_name TEXT NOT NULL,
                etag TEXT,
                synced_revision INTEGER NOT NULL,
                synced_hash TEXT NOT NULL,
                sent_hash TEXT,
                title_base TEXT NOT NULL
            );
            CREATE UNIQUE INDEX sync_files_by_name ON sync_files (file_name);
            CREATE TABLE sync_stale_files (file_name TEXT PRIMARY KEY NOT NULL, etag TEXT NOT NULL, synced_hash TEXT NOT NULL);
            """),
        // How the sync server keeps one device's write from replacing
        // another's (preconditions, locks, or none), as a probe found it, and
        // whether its listings gave entity tags then: listings that change
        // their mind mean another server answers, and the probe runs again.
        Migration(version: 7, sql: """
            ALTER TABLE sync_account ADD COLUMN write_safety TEXT;
            ALTER TABLE sync_account ADD COLUMN lists_etags INTEGER;
            """),
        // Categories, as Nextcloud's Notes apps keep them: a note's folder,
        // relative to the notes folder ("Recipes/Cakes"), empty for none.
        // Listed by category, and a change of category raises the change
        // sequence. Sync keeps, with each file, the server's file identifier
        // (Nextcloud's oc:fileid: the same file after a move) and the star
        // both sides last agreed on; and the account, the suffix of new files.
        Migration(version: 8, sql: """
            ALTER TABLE notes ADD COLUMN category TEXT NOT NULL DEFAULT '';
            CREATE INDEX notes_by_category ON notes (category, pinned DESC, modified_at DESC, id DESC) WHERE trashed_at IS NULL;
            DROP TRIGGER notes_sequence_update;
            CREATE TRIGGER notes_sequence_update AFTER UPDATE OF body, trashed_at, pinned, category ON notes BEGIN
                UPDATE change_counter SET value = value + 1;
                UPDATE notes SET change_sequence = (SELECT value FROM change_counter) WHERE rowid = new.rowid;
            END;
            ALTER TABLE sync_files ADD COLUMN file_id TEXT;
            ALTER TABLE sync_files ADD COLUMN synced_favorite INTEGER;
            ALTER TABLE sync_account ADD COLUMN file_suffix TEXT;
            """),
        // The list in other orders than newest edit first: by creation, and by
        // title (ignoring case and accents: `Note.sortTitle(ofBody:)`, stored
        // with each body; null for notes saved before, until the store fills
        // it in when the list is first sorted by title, and sorted as empty).
        Migration(version: 9, sql: """
            ALTER TABLE notes ADD COLUMN sort_title TEXT;
            CREATE INDEX notes_by_creation ON notes (pinned DESC, created_at DESC, id DESC) WHERE trashed_at IS NULL;
            CREATE INDEX notes_by_title ON notes (pinned DESC, ifnull(sort_title, '') ASC, id ASC) WHERE trashed_at IS NULL;
            """),
        // The language a note's spelling is checked in, where one was chosen
        // for it: a table of its own, so that choosing one never rewrites a
        // long note's row, and gone with its note.
        Migration(version: 10, sql: """
            CREATE TABLE note_spelling (note_id TEXT PRIMARY KEY NOT NULL, language TEXT NOT NULL);
            CREATE TRIGGER note_spelling_delete AFTER DELETE ON notes BEGIN
                DELETE FROM note_spelling WHERE note_id = old.id;
            END;
            """),
        // A renamed note's old name is kept for removal even when its file
        // had no version yet (nginx lists none for a file under 2 s old):
        // without it, a sync cut short in the rename left the old file to be
        // taken in as a note. SQLite cannot drop a NOT NULL, so the table is
        // made again.
        Migration(version: 11, sql: """
            CREATE TABLE sync_stale_files_11 (file_name TEXT PRIMARY KEY NOT NULL, etag TEXT, synced_hash TEXT NOT NULL);
            INSERT INTO sync_stale_files_11 SELECT file_name, etag, synced_hash FROM sync_stale_files;
            DROP TABLE sync_stale_files;
            ALTER TABLE sync_stale_files_11 RENAME TO sync_stale_files;
            """),
        // A byte-order mark (a file saved by Windows' Notepad) or a zero-width
        // space before a title is a blank now: such notes sorted after "Z" by
        // title. Their sort titles are filled in again as the list first
        // sorts by title.
        Migration(version: 12, sql: """
            UPDATE notes SET sort_title = NULL WHERE sort_title IS NOT NULL AND instr(body, char(65279)) + instr(body, char(8203)) > 0;
            """),
        // A line of marks alone (a code fence, a rule, an empty task) is no
        // title now: a note starting with one was titled "```" or "---". The
        // sort titles of notes that may start so are filled in again.
        Migration(version: 13, sql: """
            UPDATE notes SET sort_title = NULL WHERE sort_title IS NOT NULL
                AND substr(ltrim(body, char(32, 9, 10, 13)), 1, 1) IN ('`', '~', '-', '*', '_', '=');
            """),
    ]
}
