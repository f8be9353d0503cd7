import Foundation
import NoteModel
@testable import Scenes

/// Saved windows written straight into a session's store, as a previous run
/// would leave them.
extension QuireSession {
    /// A saved main-window session (or one of `configuration`).
    static func savedWindow(_ id: String = UUID().uuidString, configuration: String = "Default Configuration",
                            activity: Data? = nil, stacking: Int64 = 1) -> SessionRecord {
        SessionRecord(identifier: id, role: SceneSessionRole.windowApplication.rawValue, configurationName: configuration,
                      userInfo: nil, activationConditions: nil, restorationActivity: activity, stacking: stacking)
    }

    /// A saved window's activity showing `note`.
    static func activity(showing note: Note) -> Data {
        Data(#"{"format":1,"activityType":"io.github.quire.Quire.editing-note","requiredUserInfoKeys":[],"title":"\#(note.title) — Quire","userInfo":{"noteID":{"uuid":"\#(note.id.uuidString)"}}}"#.utf8)
    }

    /// Main windows showing `notes`, one each, stacked back to front in their order.
    static func savedWindows(showing notes: [Note]) -> [SessionRecord] {
        notes.enumerated().map { index, note in savedWindow(activity: activity(showing: note), stacking: Int64(index + 1)) }
    }

    /// A note of each of `bodies`, and a main window showing each, stacked
    /// back to front in their order, saved as a normal quit leaves them.
    func saveWindows(showingNotesOf bodies: [String]) throws -> (notes: [Note], records: [SessionRecord]) {
        let store = try NoteStore(path: notesPath)
        let notes = try bodies.map { try store.createNote(body: $0) }
        store.close()
        let records = Self.savedWindows(showing: notes)
        try saveWindows(records)
        return (notes, records)
    }

    /// Saves `records` as a previous run that quit normally (or, with
    /// `endedCleanly` false, crashed) would have left them.
    func saveWindows(_ records: [SessionRecord], endedCleanly: Bool = true, launchValues: [String: Int64] = [:]) throws {
        let store = try SessionStore(path: scenesPath)
        for record in records {
            try store.save(record)
            try store.saveActivity(record.restorationActivity, forSession: record.identifier)
        }
        if endedCleanly { try store.endCleanly(records.map(\.identifier)) }
        for (key, value) in launchValues { try store.setLaunchValue(key, value) }
    }
}
