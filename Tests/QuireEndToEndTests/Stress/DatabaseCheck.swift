import Foundation
import TestSupport

/// Checks a database file the way another program would, after a crash:
/// Debian's sqlite3 shell, read-only, so the check itself changes nothing.
enum DatabaseCheck {
    /// What is wrong with the file at `path` ("" if nothing): SQLite's
    /// integrity check and, with `sql`, a query expected to print "ok". A
    /// file with no tables yet (a kill before the app first wrote its schema,
    /// which it writes on the next open as into a new file) is checked for
    /// integrity only.
    static func problems(in path: String, extra sql: String? = nil, directory: String) -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "" }
        var statements = ["PRAGMA integrity_check;"]
        if let sql, run(["SELECT count(*) FROM sqlite_master;"], on: path, directory: directory)?.output != "0\n" {
            statements.append(sql)
        }
        guard let result = run(statements, on: path, directory: directory) else { return "sqlite3 could not run" }
        let lines = result.output.split(separator: "\n").map(String.init)
        guard result.status == 0, !lines.isEmpty, lines.allSatisfy({ $0 == "ok" }) else {
            return "\((path as NSString).lastPathComponent): \(result.output.prefix(300)) \(result.error.prefix(300))"
        }
        return ""
    }

    /// Debian's sqlite3 shell running `statements` on the file at `path`, read-only.
    private static func run(_ statements: [String], on path: String, directory: String) -> (status: Int32?, output: String, error: String)? {
        try? ChildProcess.run(
            "sqlite3", ["-readonly", path, statements.joined(separator: " ")],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"], outputDirectory: directory)
    }

    /// The notes database's own consistency: every note is in the search index.
    static let notesIndexMatches =
        "SELECT CASE WHEN (SELECT count(*) FROM notes) = (SELECT count(*) FROM notes_search_docsize) THEN 'ok' ELSE 'search index out of step' END;"
}
