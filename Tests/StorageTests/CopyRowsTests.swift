import Testing
@testable import Storage

/// `Database.insertRows(of:)`: a database held in memory copied into a file, as
/// a first launch makes its saved-windows file once its first frame is drawn.
@Suite("Rows copied between databases")
struct CopyRowsTests {
    let fixture: StorageFixture
    init() throws { fixture = try StorageFixture() }

    /// A schema with a table whose name holds double quotes and a space.
    static let schema = DatabaseSchema(applicationID: StorageFixture.applicationID, migrations: [
        Migration(version: 1, sql: #"""
            CREATE TABLE "say ""hi""" (id INTEGER PRIMARY KEY, words TEXT NOT NULL);
            CREATE TABLE plain (id INTEGER PRIMARY KEY, words TEXT NOT NULL);
            """#),
    ])

    @Test("every row of every table reaches the file, table names with quotes among them, and a row whose key is there replaces it")
    func quotedNames() throws {
        let memory = try Database(inMemory: Self.schema)
        try memory.execute(#"INSERT INTO "say ""hi""" VALUES (1, 'a "quoted" word'), (2, 'two')"#)
        try memory.execute("INSERT INTO plain VALUES (1, 'plain')")
        let file = try Database(path: fixture.path("copy.sqlite"), schema: Self.schema)
        try file.execute(#"INSERT INTO "say ""hi""" VALUES (2, 'replaced'), (3, 'kept')"#)

        try file.insertRows(of: memory)

        let quoted = try file.query(#"SELECT id, words FROM "say ""hi""" ORDER BY id"#).map { "\($0.integer(0) ?? -1) \($0.string(1) ?? "")" }
        #expect(quoted == [#"1 a "quoted" word"#, "2 two", "3 kept"])
        #expect(try file.query("SELECT words FROM plain").compactMap { $0.string(0) } == ["plain"])
    }

    @Test("a name is quoted as SQL quotes it: inside double quotes, each double quote doubled")
    func quoting() {
        #expect("notes".doubleQuotedForSQL == #""notes""#)
        #expect(#"mi"lk"#.doubleQuotedForSQL == #""mi""lk""#)
        #expect(#""""#.doubleQuotedForSQL == #""""""""#)
        #expect("".doubleQuotedForSQL == #""""#)
        #expect("é \u{1F600}".doubleQuotedForSQL == "\"é \u{1F600}\"")
    }
}
