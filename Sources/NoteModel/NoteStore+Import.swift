public import FoundationEssentials

/// Adding many notes at once: an import of files, or the benchmark's seeding.
extension NoteStore {
    /// Adds every note in one transaction: all of them, or none if one fails.
    /// Observers hear one `.created` per note afterwards, together.
    @discardableResult
    public func importNotes(_ notes: [(body: String, modifiedAt: Date)]) throws -> [UUID] {
        try importNotes(notes.map { ($0.body, $0.modifiedAt, "") })
    }

    /// `importNotes`, each note filed in its category.
    func importNotes(_ notes: [(body: String, modifiedAt: Date, category: String)]) throws -> [UUID] {
        var ids: [UUID] = []
        ids.reserveCapacity(notes.count)
        try ownWrite {
            for note in notes {
                let id = UUID()
                try database.execute(
                    "INSERT INTO notes (id, body, created_at, modified_at, \(NoteStore.derivedColumns), category) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [.text(id.uuidString), .text(note.body), .real(note.modifiedAt.timeIntervalSince1970),
                     .real(note.modifiedAt.timeIntervalSince1970)] + NoteStore.derivedValues(of: note.body)
                        + [.text(NoteCategory.normalized(note.category))])
                ids.append(id)
            }
        }
        notify(ids.map(NoteChange.created), origin: nil)
        return ids
    }

    /// Makes one note of each file, dated by the file and filed in the
    /// category its folder stands for, in one transaction. A
    /// file whose text is already a note outside the trash, or repeats an
    /// earlier file's, is skipped (`.alreadyANote`): importing the same files
    /// twice, or notes exported from here, makes no duplicates.
    public func importFiles(_ files: [ImportableNoteFile]) throws -> NoteImport {
        var result = NoteImport()
        var taken = try existingBodies(amongLengthsOf: files.map(\.body))
        var notes: [(body: String, modifiedAt: Date, category: String)] = []
        for file in files {
            if taken.insert(file.body).inserted {
                notes.append((file.body, file.modifiedAt, file.category))
            } else {
                result.skipped.append(SkippedImportFile(path: file.path, reason: .alreadyANote))
            }
        }
        result.imported = try importNotes(notes)
        return result
    }

    /// Takes an import back (Undo): deletes for good those of `ids` that no one
    /// edited since; one that was edited stays. Returns how many stayed.
    @discardableResult
    public func undoImport(_ ids: [UUID]) throws -> Int {
        var deleted: [UUID] = []
        try waitingLonger {
            try ownWrite {
                for id in ids {
                    try database.execute("DELETE FROM notes WHERE id = ? AND revision = 0", [.text(id.uuidString)])
                    if database.changedRowCount > 0 { deleted.append(id) }
                }
            }
        }
        notify(deleted.map(NoteChange.deletedPermanently), origin: nil)
        return ids.count - deleted.count
    }

    /// The texts of the notes outside the trash that are as long as one of
    /// `bodies` (one pass over the notes, reading only those).
    private func existingBodies(amongLengthsOf bodies: [String]) throws -> Set<String> {
        guard !bodies.isEmpty else { return [] }
        let lengths = Set(bodies.map { $0.unicodeScalars.count }).map(String.init).joined(separator: ",")
        let rows = try database.query(
            "SELECT body FROM notes WHERE trashed_at IS NULL AND length(body) IN (SELECT value FROM json_each(?))",
            [.text("[\(lengths)]")])
        return Set(rows.compactMap { $0.string(0) })
    }
}
