import Dispatch
import FoundationEssentials
import GtkKit
import NoteModel
import Storage

/// Notes in and out as files, for the menus and the command line alike:
/// an import reads its files away from the main thread, then adds their notes
/// in one transaction; an export writes its files away from the main thread.
/// One import runs at a time.
@MainActor
final class NoteTransfers {
    let store: NoteStore
    /// Saves what the windows hold, so an export has the latest text.
    private let saveOpenNotes: @MainActor () -> Void
    /// The import under way, if any.
    private(set) var runningImport: ImportProgress?

    /// How long an import runs before it shows its progress.
    static let quietMilliseconds: Int64 = 1_000

    init(store: NoteStore, saveOpenNotes: @escaping @MainActor () -> Void) {
        self.store = store
        self.saveOpenNotes = saveOpenNotes
    }

    /// Imports the files and folders at `paths` (absolute); `progress` hears how
    /// much is read, every tenth of a second once the import has run for a
    /// second, and `done` the outcome, or `CancellationError` if it was
    /// stopped. Returns the import's progress (to stop it), or nil if another
    /// import is under way.
    @discardableResult
    func importFiles(
        _ paths: [String], progress: @escaping @MainActor (Double) -> Void,
        done: @escaping @MainActor (Result<NoteImport, any Error>) -> Void
    ) -> ImportProgress? {
        guard runningImport == nil else { return nil }
        let tracker = ImportProgress()
        runningImport = tracker
        let started = MainLoop.monotonicMicroseconds
        let ticker = MainLoop.every(milliseconds: 100) {
            if MainLoop.monotonicMicroseconds - started >= NoteTransfers.quietMilliseconds * 1_000 { progress(tracker.fraction) }
            return true
        }
        NoteTransfers.thread.async({ NoteFileReader.readFiles(paths) { tracker.update(done: $0, total: $1) } }) { [weak self, store] read in
            ticker.cancel()
            self?.runningImport = nil
            guard !tracker.isStopped else { return done(.failure(CancellationError())) }
            done(Result {
                var result = try store.waitingLonger { try store.importFiles(read.files) }
                result.skipped = read.skipped + result.skipped
                return result
            })
        }
        return tracker
    }

    /// Where imports read their files and exports write theirs, one at a time.
    nonisolated private static let thread = WorkerThread(name: "transfers")

    /// How many notes an export writes between two reports of its progress.
    nonisolated static let exportProgressStep = 500

    /// Writes every note (not the trash; with `only`, those notes) into `folder` as Markdown files;
    /// `progress` hears how many are written (of how many) every
    /// `exportProgressStep` notes, and `done` the names written, or why nothing was.
    func exportAll(
        to folder: String, only ids: [UUID]? = nil, progress: @escaping @MainActor (_ written: Int, _ total: Int) -> Void = { _, _ in },
        done: @escaping @MainActor (Result<[String], any Error>) -> Void
    ) {
        saveOpenNotes()
        let notes: [Note]
        do {
            notes = try ids.map { try $0.compactMap(store.note(id:)) } ?? store.allNotes()
        } catch {
            return done(.failure(error))
        }
        let untitled = localized("Untitled")
        NoteTransfers.thread.async({
            Result { () throws(NoteExportError) -> [String] in
                try NoteExporter.export(notes, to: folder, untitled: untitled) { written, total in
                    guard written % NoteTransfers.exportProgressStep == 0, written < total else { return }
                    // The main queue runs in order: every report comes before the outcome.
                    DispatchQueue.main.async { MainActor.assumeIsolated { progress(written, total) } }
                }
            }
        }) { written in
            done(written.mapError { $0 })
        }
    }

    /// Writes one note to `path`.
    func export(noteID: UUID, to path: String) throws {
        saveOpenNotes()
        guard let note = try store.note(id: noteID) else { throw NoteStoreError.noSuchNote(noteID) }
        try NoteExporter.exportNote(note, to: path)
    }

    /// The file name an export of the note suggests.
    func suggestedFileName(for noteID: UUID) -> String {
        let title = (try? store.note(id: noteID))?.title ?? ""
        return NoteFileName.base(for: title, fallback: localized("Untitled")) + ".md"
    }
}
