import Foundation
import Testing
import TestSupport

/// A notes file Quire cannot read is reported, never overwritten.
@Suite("Unreadable notes file, end to end", .serialized)
struct UnreadableNotesTests {
    @Test("a corrupt notes.sqlite: the app says so, keeps running, and leaves the file as it was")
    func corruptNotesFile() throws {
        let session = try QuireSession(accessibility: true)
        let folder = (session.notesPath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let garbage = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        try garbage.write(to: URL(fileURLWithPath: session.notesPath))

        try session.launch()
        _ = try session.waitForWindow(matching: "^Quire$")
        session.keepScreenshot(named: "unreadable-notes")
        let title = try AccessibilityTree(desktop: session.desktop)
            .elements { $0.name == "Quire Could Not Open Your Notes" }.filter { $0.name == "Quire Could Not Open Your Notes" }
        #expect(!title.isEmpty, "the window says the notes could not be opened")
        #expect(session.messages.contains("could not open your notes"))
        #expect(session.messages.contains(session.notesPath), "the message names the file: \(session.messages)")
        #expect(session.process?.isRunning == true, "the app keeps running")
        #expect(try session.stop() == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: session.notesPath)) == garbage)
    }
}
