import Foundation
import TestSupport

/// Checks a database file the way another program would, after a crash:
/// Debian's sqlite3 shell, read-only (or on a copy), so the check itself
/// changes nothing.
enum DatabaseCheck {
    /// What is wrong with the file at `path` ("" if nothing): SQLite's
    /// integrity check and, with `extra`, a query expected to print "ok",
    /// made of the tables that schema version `fromSchemaVersion` brings. A
    /// file whose schema has not reached that version yet is checked for
    /// integrity only: a kill or power cut before the app's one commit of
    /// its schema reached the disk, or a file an older Quire left part made
    /// (it committed each step on its own). The app accepts such a file as
    /// its own and writes the missing steps on the next open.
    ///
    /// A file beside a rollback journal (a process killed mid-transaction,
    /// as while switching a new file to WAL) is checked as the next program
    /// to open it finds it: a copy of both, which sqlite3 rolls back first
    /// (a read-only look cannot), leaving the files themselves as they are.
    static func problems(in path: String, extra: (sql: String, fromSchemaVersion: Int)? = nil, directory: String) -> String {
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
        if let extra,
           let version = run(["PRAGMA user_version;"], on: checked, readOnly: readOnly, directory: directory)
               .flatMap({ Int($0.output.trimmingCharacters(in: .whitespacesAndNewlines)) }),
           version >= extra.fromSchemaVersion {
            statements.append(extra.sql)
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

    /// The notes database's own consistency: every note is in the search
    /// index, which came with schema version 2 (NoteSchema).
    static let notesIndexMatches = (
        sql: "SELECT CASE WHEN (SELECT count(*) FROM notes) = (SELECT count(*) FROM notes_search_docsize) THEN 'ok' ELSE 'search index out of step' END;",
        fromSchemaVersion: 2)
}
