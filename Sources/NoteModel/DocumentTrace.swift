public import FoundationEssentials
import Storage

/// With `QUIRE_TRACE_DOCUMENTS=1`, one line on standard error for each thing a
/// note's document does: a window attaching or detaching, a save and its
/// outcome, a change from elsewhere, the note's removal. For the stress suite,
/// to tell what happened to text it cannot find, and which typed text had
/// reached Quire when it was struck (`journaled`). Lines name the note by
/// its first 8 characters and end with the last 24 characters of the text.
public enum DocumentTrace {
    private static let isEnabled = ProcessEnvironment.value("QUIRE_TRACE_DOCUMENTS") == "1"

    /// Writes `documents: <note> <event> <details> …<text's end>`.
    public static func note(_ noteID: UUID, _ event: String, _ details: String = "", text: String? = nil) {
        guard isEnabled else { return }
        let tail = text.map { " …" + $0.suffix(24).replacing("\n", with: "⏎") } ?? ""
        write(noteID, "\(event) \(details)\(tail)")
    }

    /// Writes `documents: <note> journaled …<text>`: `inserted`, typed into
    /// the note, has gone to its typing journal (its first 200 characters,
    /// line breaks as ⏎). A kill from then on must not lose it.
    public static func journaled(_ noteID: UUID, inserted: String) {
        guard isEnabled else { return }
        write(noteID, "journaled …" + inserted.prefix(200).replacing("\n", with: "⏎"))
    }

    private static func write(_ noteID: UUID, _ line: String) {
        StandardStreams.writeError("documents: \(noteID.uuidString.prefix(8)) \(line)\n")
    }
}
