import Foundation

/// Messages from the scene framework for the person reading the terminal.
enum SceneLog {
    /// Writes "<program>: <message>" to standard error.
    static func error(_ message: String) {
        let program = (CommandLine.arguments.first as NSString?)?.lastPathComponent ?? "scenes"
        FileHandle.standardError.write(Data("\(program): \(message)\n".utf8))
    }
}
