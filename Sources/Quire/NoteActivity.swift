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
        var info: [String: PropertyListValue] = ["cursor": .integer(Int64(cursor))]
        if let noteID { info["noteID"] = .uuid(noteID) }
        let target = noteID.map { NoteLink.url(for: $0).absoluteString }
        if activity.userInfo != info { activity.setUserInfo(info) }
        if activity.targetContentIdentifier != target { activity.targetContentIdentifier = target }
    }

    /// The note an activity is about, if it is a note activity that names one.
    static func noteID(in activity: UserActivity?) -> UUID? {
        guard let activity, activity.activityType == type else { return nil }
        return activity.userInfo["noteID"]?.uuidValue
    }

    /// The cursor offset an activity recorded (0 if none, or a wrong type).
    static func cursor(in activity: UserActivity) -> Int32 {
        guard let value = activity.userInfo["cursor"]?.integerValue, value >= 0, value <= Int64(Int32.max) else { return 0 }
        return Int32(value)
    }
}
