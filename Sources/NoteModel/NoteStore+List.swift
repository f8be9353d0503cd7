public import FoundationEssentials
import Storage

/// What the note list needs: identifiers in order, and a row's summary on demand.
extension NoteStore {
    /// The identifiers of the notes outside the trash, in the list's order
    /// (pinned first, then as `listOrder` says). Reads no note text, so it
    /// stays quick with many notes.
    public func noteIDs() throws -> [UUID] {
        try database.query("SELECT id FROM notes WHERE trashed_at IS NULL ORDER BY \(listOrder.orderBy)")
            .compactMap { $0.string(0).flatMap(UUID.init(uuidString:)) }
    }

    /// One page of the notes outside the trash, in the list's order: the
    /// `limit` notes that come after `cursor` (nil: from the top). Pages are cut
    /// by (pin, modification time or what else orders the list, identifier),
    /// so a note edited or pinned meanwhile moves instead of appearing twice. Returns the page and the
    /// next cursor.
    public func notePage(after cursor: NotePageCursor?, limit: Int, in category: String? = nil) throws -> (ids: [UUID], next: NotePageCursor?) {
        let page = try notePageOfStoredIDs(after: cursor, limit: limit, in: category)
        return (page.ids.compactMap(UUID.init(uuidString:)), page.next)
    }

    /// `notePage(after:limit:)` with each identifier as the store keeps it
    /// (`UUID.uuidString`), for a list whose model is text: Foundation parses
    /// and formats a UUID through `sscanf` and `printf`, and a list of 100,000
    /// notes would do both 100,000 times.
    /// `category`: only the notes of that category and its sub-categories (nil: all).
    public func notePageOfStoredIDs(
        after cursor: NotePageCursor?, limit: Int, in category: String? = nil
    ) throws -> (ids: [String], next: NotePageCursor?) {
        let (filter, filterArguments) = NoteStore.listFilter(category)
        let order = listOrder
        let rows: [Row]
        if let cursor {
            let after = order.after(cursor)
            rows = try database.query("""
                SELECT id, \(order.column), pinned FROM notes
                WHERE trashed_at IS NULL\(filter) AND \(after.sql)
                ORDER BY \(order.orderBy) LIMIT ?
                """, filterArguments + after.arguments + [.integer(Int64(limit))])
        } else {
            rows = try database.query("""
                SELECT id, \(order.column), pinned FROM notes WHERE trashed_at IS NULL\(filter)
                ORDER BY \(order.orderBy) LIMIT ?
                """, filterArguments + [.integer(Int64(limit))])
        }
        let ids = rows.compactMap { $0.string(0) }
        let next = rows.last.flatMap { row in
            row.string(0).map { NotePageCursor(pinned: row.integer(2) ?? 0, key: row.values[1], id: $0) }
        }
        return (ids, rows.count < limit ? nil : next)
    }

    /// Where the note `id` stands in the list of notes outside the trash, in the
    /// order of `notePage`: how many notes come before it, counted up to
    /// `limit` (a note at `limit` or further down gives `limit`, and costs no
    /// more to place than one there: a list that has loaded only its first
    /// notes asks no more). Nil if it is in the trash or gone.
    public func listPosition(of id: UUID, countingAtMost limit: Int = .max, in category: String? = nil) throws -> Int? {
        guard let key = try pageCursor(endingAt: id.uuidString) else { return nil }
        if let category, !NoteCategory.path(try self.category(of: id), isWithin: category) { return nil }
        let (filter, filterArguments) = NoteStore.listFilter(category)
        let before = listOrder.before(key)
        return try database.query("""
            SELECT count(*) FROM (SELECT 1 FROM notes
            WHERE trashed_at IS NULL\(filter) AND \(before.sql) LIMIT ?)
            """, filterArguments + before.arguments + [.integer(Int64(limit))])
            .first?.integer(0).map(Int.init)
    }

    /// Stores the sort title of every note saved before titles were stored
    /// (reading only the start of each), in one write. Should that fail (a
    /// lock), they stay first in the title order and are tried again next time.
    func fillInSortTitles() {
        do {
            let missing = try database.query(
                "SELECT id, substr(body, 1, ?) FROM notes WHERE sort_title IS NULL", [.integer(Int64(Note.titleSourceLength))])
            guard !missing.isEmpty else { return }
            try database.transaction {
                for row in missing {
                    guard let id = row.string(0) else { continue }
                    try database.execute(
                        "UPDATE notes SET sort_title = ? WHERE id = ? AND sort_title IS NULL",
                        [.text(Note.sortTitle(ofBody: row.string(1) ?? "")), .text(id)])
                }
            }
        } catch {
            ModelLog.error("could not store the titles the list sorts by: \(error)")
        }
    }

    /// The condition a list of `category` adds (after `AND`), and its values.
    static func listFilter(_ category: String?) -> (sql: String, arguments: [SQLiteValue]) {
        guard let category else { return ("", []) }
        return (" AND " + categoryFilter, categoryArguments(category))
    }

    /// The cursor of a page that ends at the note `id` (as stored,
    /// `UUID.uuidString`), for a list that lets go of the notes after it and
    /// reads them again as a page later. Nil if the note is in the trash or gone.
    public func pageCursor(endingAt id: String) throws -> NotePageCursor? {
        guard let row = try database.query(
            "SELECT pinned, \(listOrder.column) FROM notes WHERE id = ? AND trashed_at IS NULL", [.text(id)]
        ).first, let pinned = row.integer(0), row.values[1] != .null else { return nil }
        return NotePageCursor(pinned: pinned, key: row.values[1], id: id)
    }

    /// Pins the note `id` to the top of the list, or unpins it. Its text and
    /// modification time stay as they are. Throws `NoteStoreError.noSuchNote`
    /// if it is gone or in the trash.
    public func setPinned(_ pinned: Bool, of id: UUID, origin: NoteChangeOrigin? = nil) throws {
        claim(try writePinning(pinned, of: id))
        notify(.pinChanged(id), origin: origin)
    }

    /// The write of `setPinned`, telling no one (a `BackgroundNoteSaver` makes
    /// it on its own connection): returns the change sequences it made.
    func writePinning(_ pinned: Bool, of id: UUID) throws -> ClosedRange<Int64>? {
        let (found, sequences) = try sequencedWrite {
            try database.execute(
                "UPDATE notes SET pinned = ? WHERE id = ? AND trashed_at IS NULL AND pinned != ?",
                [.integer(pinned ? 1 : 0), .text(id.uuidString), .integer(pinned ? 1 : 0)])
            if database.changedRowCount == 1 { return true }
            return try !database.query(
                "SELECT 1 FROM notes WHERE id = ? AND trashed_at IS NULL", [.text(id.uuidString)]).isEmpty
        }
        guard found else { throw NoteStoreError.noSuchNote(id) }
        return sequences
    }

    /// Whether the note `id` is pinned (false if there is none).
    public func isPinned(_ id: UUID) throws -> Bool {
        try database.query("SELECT pinned FROM notes WHERE id = ?", [.text(id.uuidString)]).first?.integer(0) == 1
    }

    /// A row's summary of the note `id`, reading only the start of its text
    /// (never the rest, however long it is) and the checklist counts stored
    /// with it (or, for a note not saved since counts were stored, the whole
    /// text if it has task boxes, to count them). A summary read before is
    /// not read again while nothing could have changed it (`NoteListMemo`).
    public func summary(of id: UUID) throws -> NoteSummary? {
        let changedRows = database.totalChangedRowCount
        if let kept = listMemo.summary(of: id, changedRowCount: changedRows) { return kept }
        guard let summary = try readSummary(of: id) else { return nil }
        listMemo.keep(summary, changedRowCount: changedRows)
        return summary
    }

    private func readSummary(of id: UUID) throws -> NoteSummary? {
        guard let row = try database.query(
            "SELECT rowid, modified_at, pinned, tasks_done, tasks_total FROM notes WHERE id = ?", [.text(id.uuidString)]
        ).first, let rowid = row.integer(0) else { return nil }
        let progress = if let done = row.integer(3), let total = row.integer(4) {
            TaskProgress(counts: (Int(done), Int(total)))
        } else {
            try database.query("SELECT body FROM notes WHERE id = ? AND \(TaskProgress.sqlFilter)", [.text(id.uuidString)])
                .first?.string(0).flatMap(TaskProgress.init(body:))
        }
        return NoteSummary(
            noteID: id, start: try bodyStart(ofRow: rowid).start, modifiedAt: Date(timeIntervalSince1970: row.real(1) ?? 0),
            isPinned: row.integer(2) == 1, taskProgress: progress)
    }
}
