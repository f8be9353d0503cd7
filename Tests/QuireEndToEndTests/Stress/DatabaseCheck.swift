import Foundation
import TestSupport

/// Checks a database file the way another program would, after a crash:
/// Debian's sqlite3 shell, read-only (or on a copy), so the check itself
/// changes nothing.
enum DatabaseCheck {
    /// What is wrong with the file at `path` ("" if nothing): SQLite's
    /// integrity check and, with `sql`, a query expected to print "ok". A
    /// file with no tables yet (a kill before the app first wrote its schema,
    /// which it writes on the next open as into a new file) is checked for
    /// integrity only.
    ///
    /// A file beside a rollback journal (a process killed mid-transaction,
    /// as while switching a new file to WAL) is checked as the next program
    /// to open it finds it: a copy of both, which sqlite3 rolls back first
    /// (a read-only look cannot), leaving the files themselves as they are.
    static func problems(in path: String, extra sql: String? = nil, directory: String) -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "" }
        var checked = path
        var readOnly = true
        let journal = path + "-journal"
        if ((try? FileManager.default.attributesOfItem(atPath: journal))?[.size] as? Int ?? 0) > 0 {
            checked = (directory as NSString).appendingPathComponent("rolled-back-" + (path as NSString).lastPathComponent)
            try? FileManager.default.removeItem(atPath: checked)
            try? FileManager.default.removeItem(atPath: checked + "-journal")
            do {
                try FileManager.default.copyItem(atPath: path, toPath: checked)
                try FileManager.default.copyItem(atPath: journal, toPath: checked + "-journal")
            } catch {
                return "could not copy the file and its journal to check them: \(error)"
            }
            readOnly = false
        }
        defer {
            if checked != path {
                for copy in [checked, checked + "-journal"] { try? FileManager.default.removeItem(atPath: copy) }
            }
        }
        var statements = ["PRAGMA integrity_check;"]
        if let sql, run(["SELECT count(*) FROM sqlite_master;"], on: checked, readOnly: readOnly, directory: directory)?.output != "0\n" {
            statements.append(sql)
        }
        guard let result = run(statements, on: checked, readOnly: readOnly, directory: directory) else { return "sqlite3 could not run" }
        let lines = result.output.split(separator: "\n").map(String.init)
        guard result.status == 0, !lines.isEmpty, lines.allSatisfy({ $0 == "ok" }) else {
            return "\((path as NSString).lastPathComponent): \(result.output.prefix(300)) \(result.error.prefix(300))"
        }
        return ""
    }

    /// Debian's sqlite3 shell running `statements` on the file at `path`, read-only unless told otherwise.
    private static func run(
        _ statements: [String], on path: String, readOnly: Bool = true, directory: String
    ) -> (status: Int32?, output: String, error: String)? {
        try? ChildProcess.run(
            "sqlite3", (readOnly ? ["-readonly"] : []) + [path, statements.joined(separator: " ")],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"], outputDirectory: directory)
    }

    /// The notes database's own consistency: every note is in the search index.
    static let notesIndexMatches =
        "SELECT CASE WHEN (SELECT count(*) FROM notes) = (SELECT count(*) FROM notes_search_docsize) THEN 'ok' ELSE 'search index out of step' END;"
}
