import FoundationEssentials
import Scenes

/// Everything a window showing a note keeps to come back as it was: the
/// note, where it was in it (cursor, selection, scroll), its zoom, its size
/// and place, and for a main window its list (search, width, shown, category).
/// One value, read from the window when its state is saved (nothing is pushed
/// into it as the person types) and put back when the window is restored.
///
/// It goes into the session's restoration activity as that activity's user
/// info, under the keys Quire has always used, so windows saved by an earlier
/// version come back too; as JSON it is the last closed window's record
/// (`LastWindowFile`). Reading either checks every value: one out of range is
/// left out, as if never saved.
struct NoteWindowState: Codable, Equatable {
    var noteID: UUID?
    /// The cursor's offset in characters (`endOfNote`: the end of a note whose
    /// length was not known yet, a long one still being read).
    var cursor: Int32 = 0
    /// The selection's far end (nil: no selection).
    var selectionBound: Int32?
    var scroll: Double?
    /// The zoom in percent, one of `EditorZoom.steps`.
    var zoom: Int?
    var width: Int32?
    var height: Int32?
    var maximized = false
    /// Where the window was on the screen (X11 only; nil when maximised).
    var x: Int32?
    var y: Int32?
    /// A main window's search, its list's width, whether a narrow window
    /// showed its list rather than its note, and the category it showed.
    var searchText = ""
    var listWidth: Int32?
    var showsList = false
    var category = ""

    /// The activity type, declared in the manifest's `NSUserActivityTypes`.
    static let activityType = "io.github.quire.Quire.editing-note"
    /// The offset recorded for the end of a note whose length is not known
    /// yet (a window that saved its state while its long note was still being
    /// read); GTK reads it as the text's end.
    static let endOfNote: Int32 = -1
    /// Sizes outside this range are not a window someone used.
    private static let plausibleWidths: ClosedRange<Int64> = 200...20_000
    private static let plausibleHeights: ClosedRange<Int64> = 150...20_000
    private static let plausiblePlaces: ClosedRange<Int64> = -20_000...40_000
    private static let plausibleListWidths: ClosedRange<Int64> = 120...2_000

    /// A state showing `noteID` (nil: a new note) at `cursor`, selecting up to `selectionBound`.
    init(noteID: UUID? = nil, cursor: Int32 = 0, selectionBound: Int32? = nil) {
        self.noteID = noteID
        self.cursor = cursor
        self.selectionBound = selectionBound
    }

    /// The state `activity` holds; empty if it is not a note activity.
    @MainActor
    init(_ activity: UserActivity) {
        self.init()
        guard activity.activityType == Self.activityType else { return }
        let info = activity.userInfo
        noteID = info["noteID"]?.uuidValue
        cursor = Self.offset(info["cursor"]) ?? 0
        selectionBound = Self.offset(info["selectionBound"])
        scroll = info["scroll"]?.doubleValue.map { max(0, min($0, 10_000_000)) }
        zoom = info["zoom"]?.integerValue.map(Int.init).flatMap { EditorZoom.steps.contains($0) ? $0 : nil }
        if let width = Self.integer(info["windowWidth"], in: Self.plausibleWidths),
           let height = Self.integer(info["windowHeight"], in: Self.plausibleHeights) {
            (self.width, self.height) = (width, height)
        }
        maximized = info["maximized"]?.boolValue ?? false
        if let x = Self.integer(info["windowX"], in: Self.plausiblePlaces),
           let y = Self.integer(info["windowY"], in: Self.plausiblePlaces) {
            (self.x, self.y) = (x, y)
        }
        searchText = info["searchText"]?.stringValue ?? ""
        listWidth = Self.integer(info["listWidth"], in: Self.plausibleListWidths)
        showsList = info["showsList"]?.boolValue ?? false
        category = info["category"]?.stringValue ?? ""
    }

    /// The note of `activity`, if it is a note activity that names one.
    @MainActor
    static func noteID(in activity: UserActivity?) -> UUID? {
        guard let activity, activity.activityType == activityType else { return nil }
        return activity.userInfo["noteID"]?.uuidValue
    }

    /// A new activity holding this state (a request to open a window on it).
    @MainActor
    func activity() -> UserActivity {
        let activity = UserActivity(activityType: Self.activityType)
        record(in: activity)
        return activity
    }

    /// Puts this state into `activity`, marking it for saving only if it changed.
    @MainActor
    func record(in activity: UserActivity) {
        if activity.userInfo != userInfo { activity.setUserInfo(userInfo) }
        let target = noteID.map { NoteLink.url(for: $0).absoluteString }
        if activity.targetContentIdentifier != target { activity.targetContentIdentifier = target }
    }

    /// The window's size, if one was recorded.
    var size: (width: Int32, height: Int32)? {
        guard let width, let height else { return nil }
        return (width, height)
    }

    /// The window's place on the screen, if one was recorded.
    var position: (x: Int32, y: Int32)? {
        guard let x, let y else { return nil }
        return (x, y)
    }

    /// The state as the activity's user info: what is not known is left out.
    private var userInfo: [String: PropertyListValue] {
        var info: [String: PropertyListValue] = ["cursor": .integer(Int64(cursor)), "maximized": .bool(maximized)]
        info["noteID"] = noteID.map(PropertyListValue.uuid)
        info["selectionBound"] = selectionBound.map { .integer(Int64($0)) }
        info["scroll"] = scroll.map { .double($0.rounded()) }
        info["zoom"] = zoom.map { .integer(Int64($0)) }
        info["windowWidth"] = width.map { .integer(Int64($0)) }
        info["windowHeight"] = height.map { .integer(Int64($0)) }
        info["windowX"] = x.map { .integer(Int64($0)) }
        info["windowY"] = y.map { .integer(Int64($0)) }
        if let listWidth {  // a main window's list
            info["listWidth"] = .integer(Int64(listWidth))
            info["searchText"] = .string(searchText)
            info["showsList"] = .bool(showsList)
            info["category"] = .string(category)
        } else if !searchText.isEmpty {
            info["searchText"] = .string(searchText)  // a request for a main window on a search
        }
        return info
    }

    /// Whether every recorded value is one a window could have (a JSON record
    /// is checked as the activity's values are).
    var isPlausible: Bool {
        let sizeFits = size.map {
            Self.plausibleWidths.contains(Int64($0.width)) && Self.plausibleHeights.contains(Int64($0.height))
        } ?? true
        return sizeFits && cursor >= Self.endOfNote && (selectionBound ?? 0) >= Self.endOfNote
    }

    private static func offset(_ value: PropertyListValue?) -> Int32? {
        guard let value = value?.integerValue, value >= Int64(endOfNote), value <= Int64(Int32.max) else { return nil }
        return Int32(value)
    }

    private static func integer(_ value: PropertyListValue?, in range: ClosedRange<Int64>) -> Int32? {
        guard let value = value?.integerValue, range.contains(value) else { return nil }
        return Int32(value)
    }
}
