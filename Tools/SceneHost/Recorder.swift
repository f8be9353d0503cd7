import Scenes

/// Every delegate call the host receives, in order, as "callback session".
@MainActor
enum Recorder {
    static var calls: [String] = []

    static func record(_ callback: String, _ session: SceneSession? = nil) {
        calls.append("\(callback) \(session?.persistentIdentifier.prefix(8) ?? "-")")
    }

    /// The calls recorded since `mark`, for one step's expectations.
    static func since(_ mark: Int) -> [String] { Array(calls[mark...]) }
}
