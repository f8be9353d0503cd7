import FoundationEssentials

extension Database {
    /// Copies every row of `source`'s tables into the tables of the same names
    /// here, in one transaction; a row whose key is here already replaces it.
    /// Both are of one schema, so their columns come in the same order.
    public func insertRows(of source: Database) throws {
        let tables = try source.query(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
        ).compactMap { $0.string(0) }
        try transaction {
            for table in tables {
                let quoted = table.doubleQuotedForSQL
                for row in try source.query("SELECT * FROM \(quoted)") {
                    let placeholders = Array(repeating: "?", count: row.values.count).joined(separator: ", ")
                    try execute("INSERT OR REPLACE INTO \(quoted) VALUES (\(placeholders))", row.values)
                }
            }
        }
    }
}
