import Foundation
import Testing
import TestSupport

/// Damaged and foreign files where Quire keeps its notes and windows: the
/// app keeps running, says what it found, and never changes a file it could
/// not read (a damaged session store is moved aside whole; a damaged log is
/// copied aside before SQLite reads it).
@Suite("Stress: damaged and foreign files", .serialized)
struct DamagedFileAttack {
    /// Which file of which database a case damages.
    private enum Target { case notes, scenes }

    /// What the app must do about a case.
    private enum Outcome {
        /// The notes are refused, untouched, with this in the message.
        case notesRefused(String)
        /// The notes open (new if the file was emptied); windows work.
        case notesOpen
        /// The session store is moved aside whole and the app starts afresh.
        case windowsMovedAside
        /// The session store is left as it is and windows are not saved this time.
        case windowsLeftAlone
        /// The log is copied aside with its database, and the app works.
        case logKeptAside
        /// An emptied session store holds nothing: a new one is made.
        case windowsStartAfresh
    }

    private struct Case: CustomStringConvertible {
        let name: String
        let target: Target
        let suffix: String
        /// Whether the app is killed before the damage (so a log is left).
        let afterCrash: Bool
        let outcome: Outcome
        let damage: @Sendable (String, String) throws -> Void  // (path, a folder for tools)
        var description: String { name }
    }

    private static func sqlite3(_ path: String, _ sql: String, in folder: String) throws {
        let result = try ChildProcess.run(
            "sqlite3", [path, sql], environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"],
            outputDirectory: folder)
        guard result.status == 0 else { throw DesktopError.commandFailed("sqlite3 \(sql)", result.error) }
    }

    private static func replace(_ path: String, with contents: Data) throws {
        try? FileManager.default.removeItem(atPath: path)
        try contents.write(to: URL(fileURLWithPath: path))
    }

    private static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Overwrites 64 bytes in the middle of the log's second frame.
    private static func damageLog(_ path: String) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(32 + (24 + 4_096) + 24 + 2_000))
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 64))
        try handle.close()
    }

    private static let cases: [Case] = {
        var cases: [Case] = []
        for target in [Target.notes, .scenes] {
            let who = target == .notes ? "notes" : "windows"
            let refused: (String) -> Outcome = { target == .notes ? .notesRefused($0) : .windowsLeftAlone }
            cases += [
                Case(name: "\(who): random bytes", target: target, suffix: "", afterCrash: false,
                     outcome: target == .notes ? .notesRefused("not a database") : .windowsMovedAside) { path, _ in
                    try replace(path, with: randomBytes(16_384))
                },
                Case(name: "\(who): cut to half", target: target, suffix: "", afterCrash: false,
                     outcome: target == .notes ? .notesRefused("cut short") : .windowsMovedAside) { path, _ in
                    let whole = try Data(contentsOf: URL(fileURLWithPath: path))
                    try replace(path, with: whole.prefix(whole.count / 2))
                },
                Case(name: "\(who): emptied", target: target, suffix: "", afterCrash: false,
                     outcome: target == .notes ? .notesOpen : .windowsStartAfresh) { path, _ in
                    try replace(path, with: Data())
                },
                Case(name: "\(who): another program's database", target: target, suffix: "", afterCrash: false,
                     outcome: refused("another program")) { path, folder in
                    try? FileManager.default.removeItem(atPath: path)
                    try sqlite3(path, "CREATE TABLE cookies (host TEXT, value TEXT); INSERT INTO cookies VALUES ('example.org', 'x');", in: folder)
                },
                Case(name: "\(who): another program's database with a table of the same name", target: target, suffix: "", afterCrash: false,
                     outcome: refused("another program")) { path, folder in
                    try? FileManager.default.removeItem(atPath: path)
                    let table = target == .notes ? "notes" : "sessions"
                    try sqlite3(path, "PRAGMA user_version = 1; CREATE TABLE \(table) (other TEXT); INSERT INTO \(table) VALUES ('theirs');", in: folder)
                },
                Case(name: "\(who): a newer version's file", target: target, suffix: "", afterCrash: false,
                     outcome: refused("newer version")) { path, folder in
                    try sqlite3(path, "PRAGMA user_version = 99;", in: folder)
                },
                Case(name: "\(who): a folder in its place", target: target, suffix: "", afterCrash: false,
                     outcome: refused("in the way")) { path, _ in
                    try FileManager.default.removeItem(atPath: path)
                    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                },
                Case(name: "\(who): a damaged log after a crash", target: target, suffix: "-wal", afterCrash: true,
                     outcome: .logKeptAside) { path, _ in try damageLog(path) },
                Case(name: "\(who): a log of random bytes after a crash", target: target, suffix: "-wal", afterCrash: true,
                     outcome: .logKeptAside) { path, _ in try replace(path, with: randomBytes(40_000)) },
                Case(name: "\(who): a shared-memory file of random bytes after a crash", target: target, suffix: "-shm", afterCrash: true,
                     outcome: target == .notes ? .notesOpen : .windowsLeftAlone) { path, _ in try replace(path, with: randomBytes(32_768)) },
            ]
        }
        return cases
    }()

    @Test("every damaged or foreign file is reported, left as it was, and the app keeps running")
    func damagedFiles() throws {
        let seed = StressPlan.seed()
        var row = StressRow(attack: "damaged and foreign files, for each database and its -wal and -shm", seed: seed)
        for damage in DamagedFileAttack.cases {
            var failures: [String] = []
            do {
                failures = try run(damage)
            } catch {
                failures = ["\(error)"]
            }
            row.trial(failures: failures.map { "\(damage.name): \($0)" })
        }
        row.finish()
    }

    /// Runs one case; returns what went wrong.
    private func run(_ damage: Case) throws -> [String] {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Precious words", into: window)
        guard eventually(within: 5, { (try? session.storedBody()) == "Precious words" }) else { return ["the note was not saved to begin with"] }
        Thread.sleep(forTimeInterval: 1.2)  // the window's state is saved too
        if damage.afterCrash {
            session.process?.send(SIGKILL)
            _ = session.process?.waitForExit(seconds: 10)
        } else {
            #expect(try session.stop() == 0)
        }
        let path = (damage.target == .notes ? session.notesPath : session.scenesPath) + damage.suffix
        try damage.damage(path, session.desktop.directory.path)
        let damaged = FileManager.default.contents(atPath: path)

        var failures: [String] = []
        try session.launch()
        guard eventually(within: 15, { !session.windowIDs().isEmpty }) else { return ["no window: \(session.messages.suffix(600))"] }
        Thread.sleep(forTimeInterval: 2.5)
        if session.process?.isRunning != true { return ["quire stopped: \(session.messages.suffix(600))"] }
        let messages = session.messages
        let folder = (path as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        switch damage.outcome {
        case let .notesRefused(reason):
            if session.desktop.windowTitles(matching: "^Quire$").isEmpty { failures.append("no window says the notes cannot be opened") }
            if !messages.contains("could not open your notes") || !messages.contains(reason) {
                failures.append("the message does not say “\(reason)”: \(messages.suffix(400))")
            }
        case .notesOpen:
            let title = session.desktop.windowTitles(matching: " — Quire$").first ?? ""
            if title.isEmpty { failures.append("no note window: \(messages.suffix(400))") }
        case .windowsMovedAside:
            let aside = names.filter { $0.hasPrefix("scenes.sqlite.unreadable-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            if aside.count != 1 { failures.append("the damaged store was not moved aside: \(names)") }
            if let name = aside.first, FileManager.default.contents(atPath: folder + "/" + name) != damaged {
                failures.append("the store moved aside is not the damaged file as it was")
            }
        case .windowsLeftAlone:
            if damage.suffix.isEmpty && !FileManager.default.fileExists(atPath: path) { failures.append("the file is gone") }
        case .windowsStartAfresh:
            if !session.lifecycle.contains(where: { $0.callback == "application(_:configurationForConnecting:options:)" }) {
                failures.append("no new window: \(session.lifecycle)")
            }
        case .logKeptAside:
            let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let kept = names.filter { $0.contains(".damaged-") && $0.hasSuffix("-wal") && $0.hasPrefix(base) }
            if kept.count != 1 { failures.append("no copy of the damaged log: \(names)") }
            if let name = kept.first, FileManager.default.contents(atPath: folder + "/" + name) != damaged {
                failures.append("the copy of the log is not the damaged log as it was")
            }
            if !messages.contains("damaged") { failures.append("nothing says the log was damaged: \(messages.suffix(400))") }
        }
        session.keepScreenshot(named: "damaged-\(damage.name.replacingOccurrences(of: " ", with: "-"))")
        let status = try session.stop()
        if status != 0 { failures.append("quitting exited with \(status)") }
        // A file that was refused, or left alone, is exactly as the damage left it.
        switch damage.outcome {
        case .notesRefused, .windowsLeftAlone:
            if damage.suffix.isEmpty, FileManager.default.contents(atPath: path) != damaged {
                var isFolder: ObjCBool = false
                if !(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue) {
                    failures.append("the file was changed")
                }
            }
        default: break
        }
        return failures
    }
}
