import Foundation
@testable import Storage
import TestSupport

/// A temporary folder per test, and the schema the storage tests migrate through.
final class StorageFixture {
    private let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory(prefix: "quire-storage") }

    /// A path inside the folder.
    func path(_ relative: String) -> String { folder.file(relative) }

    /// Three released schema versions, each building on the last.
    static let migrations = [
        Migration(version: 1, sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL);"),
        Migration(version: 2, sql: "ALTER TABLE items ADD COLUMN note TEXT NOT NULL DEFAULT '';"),
        Migration(version: 3, sql: """
            CREATE TABLE tags (item INTEGER NOT NULL REFERENCES items (id), tag TEXT NOT NULL);
            CREATE INDEX tags_by_item ON tags (item);
            """),
    ]

    /// The test schema's mark in a file's header.
    static let applicationID: Int32 = 0x5445_5354

    /// The test schema, built by `migrations` (all three by default).
    static func schema(_ steps: [Migration] = migrations) -> DatabaseSchema {
        DatabaseSchema(applicationID: applicationID, migrations: steps, unmarkedTables: ["items": ["id", "name"]])
    }

    /// The mode bits of a file or folder.
    static func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }
}
