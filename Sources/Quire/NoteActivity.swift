import Foundation
import Scenes

/// The activity a note window saves to come back as it was: which note, and
/// where the cursor was.
@MainActor
enum NoteActivity {
    /// The activity type, declared in the manifest's `NSUserActivityTypes`.
    static let type = "io.github.quire.Quire.editing-note"

    /// An activity for the note `noteID` (nil: a new note not yet saved) with the cursor at `cursor`.
    static func make(noteID: UUID?, cursor: Int32) -> UserActivity {
        let activity = UserActivity(activityType: type)
        update(activity, noteID: noteID, cursor: cursor)
        return activity
    }

    /// Records the note and cursor in `activity`; marks it for saving only if they changed.
    static func update(_ activity: UserActivity, noteID: UUID?, cursor: Int32) {
        var info = activity.userInfo
        info["cursor"] = .integer(Int64(cursor))
        info["noteID"] = noteID.map(PropertyListValue.uuid)
        let target = noteID.map { NoteLink.url(for: $0).absoluteString }
        if activity.userInfo != info { activity.setUserInfo(info) }
        if activity.targetContentIdentifier != target { activity.targetContentIdentifier = target }
    }

    /// The note an activity is about, if it is a note activity that names one.
    static func noteID(in activity: UserActivity?) -> UUID? {
        guard let activity, activity.activityType == type else { return nil }
        return activity.userInfo["noteID"]?.uuidValue
    }

    /// Records the window's size and maximised state in `activity` (marks it for
    /// saving only if they changed).
    static func recordWindow(
        _ activity: UserActivity, width: Int32, height: Int32, maximized: Bool, position: (x: Int32, y: Int32)?
    ) {
        var entries: [String: PropertyListValue] = [
            "windowWidth": .integer(Int64(width)), "windowHeight": .integer(Int64(height)), "maximized": .bool(maximized),
        ]
        if let position {
            entries["windowX"] = .integer(Int64(position.x))
            entries["windowY"] = .integer(Int64(position.y))
        }
        activity.updateUserInfoEntries(entries)
    }

    /// Where on the screen the window was, if an activity recorded it (on X11)
    /// and it is a place a screen can have.
    static func windowPosition(in activity: UserActivity) -> (x: Int32, y: Int32)? {
        guard let x = activity.userInfo["windowX"]?.integerValue, let y = activity.userInfo["windowY"]?.integerValue,
              (-20_000...40_000).contains(x), (-20_000...40_000).contains(y)
        else { return nil }
        return (Int32(x), Int32(y))
    }

    /// The window size an activity recorded, if it recorded a sensible one.
    static func windowSize(in activity: UserActivity) -> (width: Int32, height: Int32)? {
        guard let width = activity.userInfo["windowWidth"]?.integerValue,
              let height = activity.userInfo["windowHeight"]?.integerValue,
              (200...20_000).contains(width), (150...20_000).contains(height)
        else { return nil }
        return (Int32(width), Int32(height))
    }

    /// Whether an activity recorded a maximised window.
    static func isMaximized(in activity: UserActivity) -> Bool { activity.userInfo["maximized"]?.boolValue ?? false }

    /// Records the selection's far end and the scroll offset (marks the activity
    /// for saving only if they changed).
    static func recordView(_ activity: UserActivity, selectionBound: Int32, scroll: Double) {
        activity.updateUserInfoEntries([
            "selectionBound": .integer(Int64(selectionBound)), "scroll": .double(scroll.rounded()),
        ])
    }

    /// Records where the selection's far end is (no scroll position).
    static func recordSelection(_ activity: UserActivity, bound: Int32) {
        activity.updateUserInfoEntries(["selectionBound": .integer(Int64(bound))])
    }

    /// The selection's far end an activity recorded, if any (-1: the note's end).
    static func selectionBound(in activity: UserActivity) -> Int32? {
        guard let value = activity.userInfo["selectionBound"]?.integerValue, value >= endOfNote, value <= Int64(Int32.max) else {
            return nil
        }
        return Int32(value)
    }

    /// The scroll offset an activity recorded, if it recorded one.
    static func recordedScroll(in activity: UserActivity) -> Double? {
        activity.userInfo["scroll"]?.doubleValue.map { max(0, min($0, 10_000_000)) }
    }

    /// Records the window's zoom (marks the activity for saving only if it changed).
    static func recordZoom(_ activity: UserActivity, percent: Int) {
        activity.updateUserInfoEntries(["zoom": .integer(Int64(percent))])
    }

    /// The zoom an activity recorded, if it is one of the zoom steps.
    static func zoom(in activity: UserActivity) -> Int? {
        activity.userInfo["zoom"]?.integerValue.map(Int.init).flatMap { EditorZoom.steps.contains($0) ? $0 : nil }
    }

    /// The cursor offset an activity recorded (0 if none, or a wrong type; -1: the note's end).
    static func cursor(in activity: UserActivity) -> Int32 {
        guard let value = activity.userInfo["cursor"]?.integerValue, value >= endOfNote, value <= Int64(Int32.max) else { return 0 }
        return Int32(value)
    }

    /// The offset recorded for the end of a note whose length is not known
    /// yet (a window that saved its state while its long note was still being
    /// read); GTK reads it as the text's end.
    nonisolated static let endOfNote: Int64 = -1
}
