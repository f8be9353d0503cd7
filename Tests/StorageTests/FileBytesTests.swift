import Foundation
import Testing
@testable import Storage

/// `FileBytes`: reading a file whole, or its first bytes, through a descriptor.
@Suite("File bytes")
struct FileBytesTests {
    let fixture: StorageFixture
    init() throws { fixture = try StorageFixture() }

    @Test("reading up to a count stops at the count, gives fewer where the stream ends, and none after")
    func upToCount() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect("hello world".withCString { write(ends[1], $0, strlen($0)) } == 11)
        close(ends[1])
        #expect(FileBytes.readUpTo(8, from: ends[0]).map { String(decoding: $0, as: UTF8.self) } == "hello wo")
        #expect(FileBytes.readUpTo(100, from: ends[0]).map { String(decoding: $0, as: UTF8.self) } == "rld")
        #expect(FileBytes.readUpTo(100, from: ends[0]) == [])
    }

    @Test("the start of a file is its first bytes, all of a shorter one, and nil where there is nothing to read")
    func start() throws {
        let path = fixture.path("start.txt")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("0123456789".utf8)))
        #expect(FileBytes.readStart(of: path, count: 4) == Array("0123".utf8))
        #expect(FileBytes.readStart(of: path, count: 40) == Array("0123456789".utf8))
        #expect(FileBytes.readStart(of: fixture.path("missing.txt"), count: 4) == nil)
        #expect(FileBytes.readStart(of: fixture.path(""), count: 4) == nil, "a folder has no bytes to read")
    }
}
