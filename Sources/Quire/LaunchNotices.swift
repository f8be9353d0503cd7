import FoundationEssentials
import GtkKit
import NoteModel
import Scenes
import Storage

/// What a launch found that the person should hear of, said once, in the
/// window in front: text recovered from drafts, a damaged notes log kept
/// aside, windows the crash-loop guard did not reopen (with Reopen), saved
/// windows that could not be read.
@MainActor
struct LaunchNotices {
    private(set) var messages: [String] = []

    /// Nothing to say.
    var isEmpty: Bool { messages.isEmpty }

    /// Notes what recovering drafts and journals did: which notes had text
    /// put back. Text a note held already (saved after all, or kept as a note
    /// of its own before the process stopped) was not put back: nothing is said of it.
    mutating func add(recovered all: [DraftRecoveryOutcome], in store: NoteStore) {
        let outcomes = all.filter { if case .alreadySaved = $0 { false } else { true } }
        guard !outcomes.isEmpty else { return }
        let titles = outcomes.map { outcome -> String in
            let title = ((try? store.note(id: outcome.recoveredNoteID)) ?? nil)?.title ?? ""
            return "“\(ShownTitle.of(title))”"
        }
        messages.append(localizedPlural(
            "Quire put back text it could not save last time, into the note %s.",
            "Quire put back text it could not save last time, into the notes %s.",
            count: titles.count, titles.joined(separator: ", ")))
        if outcomes.contains(where: { if case .keptAsNewNote = $0 { true } else { false } }) {
            messages.append(localized("Where the note had meanwhile changed in the same place, gone to the trash or been deleted, the text became a note of its own."))
        }
    }

    /// Notes what opening the notes database found.
    mutating func add(_ notices: [DatabaseNotice]) {
        for case let .damagedLogKeptAside(_, copy) in notices {
            messages.append(localized("The record of your latest changes to the notes was damaged, so the newest changes may be missing. Both files were kept, as they were, in %s and %s-wal.", DisplayPath.of(copy), DisplayPath.of(copy)))
        }
    }

    /// Notes trouble with the saved windows.
    mutating func add(_ problem: SessionStoreProblem) {
        if let moved = problem.movedAsideTo {
            messages.append(localized("The windows saved last time could not be read, so Quire started afresh. The file was moved to %s.", DisplayPath.of(moved)))
        } else {
            messages.append(localized("Quire cannot save its open windows this time: %s", problem.detail)
                + " " + StorageAdvice.forWindows(problem.kind, path: problem.path))
        }
    }

    /// Notes windows the crash-loop guard kept aside.
    mutating func add(setAside: [SetAsideSession]) {
        guard !setAside.isEmpty else { return }
        let names = setAside.map { "“\($0.title ?? localized("Window"))”" }.joined(separator: ", ")
        messages.append(localizedPlural(
            "Quire did not reopen the window %s, because it stopped twice in a row while reopening it.",
            "Quire did not reopen the windows %s, because it stopped twice in a row while reopening them.",
            count: setAside.count, names))
    }
}
