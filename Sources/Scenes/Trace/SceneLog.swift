import FoundationEssentials
import Storage

/// Messages from the scene framework for the person reading the terminal.
enum SceneLog {
    /// Writes "<program>: <message>" to standard error.
    static func error(_ message: String) {
        let program = CommandLine.arguments.first.map(FilePaths.lastComponent) ?? "scenes"
        StandardStreams.writeError("\(program): \(message)\n")
    }

    /// What a person can do about trouble of `kind` with the file at `path`.
    static func advice(for kind: StorageErrorKind, path: String) -> String {
        switch kind {
        case .permissionDenied:
            return "Check that you own \(path) and its folder and may write to them (ls -ld); nothing was changed."
        case .diskFull: return "Free some disk space; the app will save windows again on its next launch."
        case .newerVersion: return "A newer version of the app wrote it; it was left untouched for that version."
        case .foreign: return "Another program's file is at that path; it was left untouched. Move it elsewhere."
        case .busy: return "Another program holds the file locked; the app tries again on its next launch."
        case .inTheWay: return "Something else is in the way at that path (a folder where a file should be, or the reverse); move it away."
        case .damaged, .other: return "Nothing was deleted."
        }
    }
}
