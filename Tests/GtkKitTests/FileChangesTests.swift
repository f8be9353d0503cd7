import Foundation
import Testing
@testable import GtkKit

/// A file's changes by another process reach the main loop; a subscription
/// dropped hears no more and leaves no handler behind.
@MainActor
@Suite("File changes")
struct FileChangesTests {
    init() throws {
        try TestToolkit.start()
    }

    /// Appends `text` to the file at `path` from another process, as another
    /// program writing the notes file does.
    private func appendFromAnotherProcess(_ text: String, to path: String) throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "printf %s \"$1\" >> \"$2\"", "sh", text, path]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
    }

    @Test("a file that does not exist yet, made by another process, and a file that exists, written by one: each is told on the main loop")
    func toldOfChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-changes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("notes.sqlite-wal").path
        var made = false
        do {
            let subscription = try #require(FileChanges.onChange(ofFileAt: path) { made = true })
            try appendFromAnotherProcess("made", to: path)
            #expect(MainLoop.iterate(forAtMost: 10) { made }, "the file's making is told")
            _ = subscription
        }
        var written = false
        let subscription = try #require(FileChanges.onChange(ofFileAt: path) { written = true })
        try appendFromAnotherProcess(" and written", to: path)
        #expect(MainLoop.iterate(forAtMost: 10) { written }, "a write to it is told")
        _ = subscription
    }

    @Test("dropped, a subscription leaves no handler alive")
    func dropped() throws {
        let before = LiveCounts.signalHandlers
        let made = LiveCounts.watching {
            let subscription = FileChanges.onChange(ofFileAt: NSTemporaryDirectory() + "/never-\(UUID().uuidString)") {}
            #expect(subscription != nil)
            #expect(LiveCounts.signalHandlers == before + 1)
        }
        #expect(made.madeCount >= 1)
        #expect(MainLoop.iterate(forAtMost: 5) { made.aliveCount == 0 }, "\(made.aliveDescription) left")
    }
}
