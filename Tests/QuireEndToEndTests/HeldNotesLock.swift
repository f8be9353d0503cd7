import Foundation
import TestSupport

/// Another program holding the notes file's write lock: Debian's sqlite3
/// shell, in a transaction it keeps open until the test lets go, however
/// long the steps in between take on a busy machine. A test that stops
/// early lets go too, when this is released.
final class HeldNotesLock {
    /// The shell, for its output and exit status.
    let holder: ChildProcess
    /// Whether the shell took the lock within 5 s.
    let taken: Bool
    /// The file whose creation tells the shell to commit and exit.
    private let signal: String

    /// Starts the shell on `notesPath` and waits up to 5 s for it to take the
    /// lock; let go, it runs `sql` (a change of its own) before it commits.
    init(notesPath: String, desktop: PrivateDesktop, environment: [String: String], thenRunning sql: String = "") throws {
        signal = desktop.directory.file("release-notes-lock-\(UUID().uuidString)")
        let script = "printf 'BEGIN IMMEDIATE;\\nSELECT 1;\\n.shell while [ ! -e \"%s\" ]; do sleep 0.05; done\\n%s\\nCOMMIT;\\n' \"$1\" \"$2\" | sqlite3 \"$0\""
        let holder = try ChildProcess(
            "bash", ["-c", script, notesPath, signal, sql], environment: environment, outputDirectory: desktop.directory.path)
        self.holder = holder
        taken = eventually(within: 5) { holder.standardOutput.contains("1") }
    }

    /// Lets go of the lock and waits up to 15 s for the shell to exit; returns its status (0: it committed).
    @discardableResult
    func release() -> Int32? {
        letGo()
        return holder.waitForExit(seconds: 15)
    }

    private func letGo() {
        _ = FileManager.default.createFile(atPath: signal, contents: nil)
    }

    deinit { letGo() }
}
