import Foundation
import NoteModel
import Testing
import TestSupport

/// Two devices racing to write the same file, on each of the four servers the
/// suite runs (Apache, rclone, nginx, WsgiDAV): the laptop's write is held
/// by a proxy until the desktop's sync is done, so the race is the same every
/// time. Whatever the server promises (nginx ignores preconditions, and
/// locks instead), every edit ends up kept on both devices and on the
/// server, as the note or as a conflict copy.
@Suite("Sync races between two devices, on every server", .serialized, .oneAtATime)
struct SyncRaceTests {
    /// Two devices syncing with `server`, the laptop through a proxy.
    private struct Devices {
        let server: WebDAVServer
        let proxy: WebDAVProxy
        let laptop: QuireSession
        let desktop: QuireSession
        let keyrings: [ChildProcess]

        init(_ kind: WebDAVServer.Kind) throws {
            server = try WebDAVServer(kind)
            proxy = try WebDAVProxy(for: server)
            let (laptop, laptopKeyring) = try QuireSession.syncing(with: server, through: proxy)
            let (desktop, desktopKeyring) = try QuireSession.syncing(with: server)
            self.laptop = laptop
            self.desktop = desktop
            keyrings = [laptopKeyring, desktopKeyring]
        }

        /// The race: the laptop syncs, its `PUT` of `path` held by the proxy; the
        /// desktop syncs whole meanwhile; then the laptop's write goes on and its
        /// sync ends. Both syncs must succeed.
        func race(holdingLaptopWriteOf path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try proxy.hold("PUT", path)
            let late = try ChildProcess(
                BuiltProducts.executable("quire"), ["--sync-now"], environment: laptop.environment(),
                outputDirectory: laptop.desktop.directory.path)
            #expect(proxy.waitUntilHeld("PUT", path), "the laptop's write reached the proxy: \(late.standardError)",
                    sourceLocation: sourceLocation)
            let first = try desktop.syncNow()  // while the laptop's write is on its way
            #expect(first.status == 0, "\(first.error)", sourceLocation: sourceLocation)
            try proxy.release("PUT", path)
            #expect(late.waitForExit(seconds: 60) == 0, "the laptop's sync: \(late.standardOutput) \(late.standardError)",
                    sourceLocation: sourceLocation)
        }

        /// Syncs each device in turn until neither has anything left to do.
        func settle(sourceLocation: SourceLocation = #_sourceLocation) throws {
            var said: [String] = []
            for _ in 0..<4 {
                let first = try laptop.syncNow()
                let second = try desktop.syncNow()
                said += ["laptop: \(first.output) \(first.error)", "desktop: \(second.output) \(second.error)"]
                #expect(first.status == 0 && second.status == 0, "\(first.error) \(second.error)", sourceLocation: sourceLocation)
                // Nothing done, and no file left (the lifecycle trace aside).
                let settled = { (sync: (status: Int32?, output: String, error: String)) in
                    sync.output == "0 sent, 0 received, 0 conflicts\n"
                        && sync.error.split(separator: "\n").allSatisfy { $0.trimmingCharacters(in: .whitespaces).hasPrefix("scenes:") }
                }
                if settled(first) && settled(second) { return }
            }
            Issue.record("the two devices never settled:\n\(said.joined(separator: "\n"))", sourceLocation: sourceLocation)
        }

        /// Expects each of `texts` in a note outside the trash on both devices, and in a file on the server.
        func expectKept(_ texts: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let onServer = Array(server.files().values)
            for (name, device) in [("laptop", laptop), ("desktop", desktop)] {
                let notes = try device.liveTexts()
                for text in texts {
                    #expect(notes.contains { $0.contains(text) }, "\(name) lost “\(text)”: \(notes)", sourceLocation: sourceLocation)
                }
            }
            for text in texts {
                #expect(onServer.contains { $0.contains(text) }, "the server lost “\(text)”: \(onServer)\nthe laptop's requests: \(proxy.events())",
                        sourceLocation: sourceLocation)
            }
        }
    }

    @Test("the same note edited on both: both edits kept", arguments: WebDAVServer.Kind.allCases)
    func sameNoteEdited(on kind: WebDAVServer.Kind) throws {
        let devices = try Devices(kind)
        let laptopStore = try NoteStore(path: devices.laptop.notesPath)
        let note = try laptopStore.createNote(body: "Plan\nto start with")
        try devices.settle()
        let desktopStore = try NoteStore(path: devices.desktop.notesPath)
        let desktopNote = try #require(try desktopStore.allNotes().first)

        try laptopStore.updateBody(of: note.id, to: "Plan\nto start with\nedited on the laptop")
        try desktopStore.updateBody(of: desktopNote.id, to: "Plan\nto start with\nedited on the desktop")
        try devices.race(holdingLaptopWriteOf: "/Plan.md")

        try devices.settle()
        try devices.expectKept(["edited on the laptop", "edited on the desktop"])
    }

    @Test("a note edited on one while the other deletes it: the edit is kept", arguments: WebDAVServer.Kind.allCases)
    func editAgainstDelete(on kind: WebDAVServer.Kind) throws {
        let devices = try Devices(kind)
        let laptopStore = try NoteStore(path: devices.laptop.notesPath)
        let note = try laptopStore.createNote(body: "Errands\nthe bank")
        try devices.settle()
        let desktopStore = try NoteStore(path: devices.desktop.notesPath)
        try desktopStore.moveToTrash(try #require(try desktopStore.allNotes().first).id)

        try laptopStore.updateBody(of: note.id, to: "Errands\nthe bank\nand the post office")
        try devices.race(holdingLaptopWriteOf: "/Errands.md")

        try devices.settle()
        try devices.expectKept(["and the post office"])
    }

    @Test("a note edited on one while the other renames it: both changes kept", arguments: WebDAVServer.Kind.allCases)
    func editAgainstRename(on kind: WebDAVServer.Kind) throws {
        let devices = try Devices(kind)
        let laptopStore = try NoteStore(path: devices.laptop.notesPath)
        let note = try laptopStore.createNote(body: "Recipes\nbread")
        try devices.settle()
        let desktopStore = try NoteStore(path: devices.desktop.notesPath)
        try desktopStore.updateBody(of: try #require(try desktopStore.allNotes().first).id, to: "Family recipes\nbread")

        try laptopStore.updateBody(of: note.id, to: "Recipes\nbread\nand soup")
        try devices.race(holdingLaptopWriteOf: "/Recipes.md")

        try devices.settle()
        try devices.expectKept(["Family recipes", "and soup"])
    }

    @Test("a new note of the same title on both: two notes, two files, neither lost", arguments: WebDAVServer.Kind.allCases)
    func sameNewTitle(on kind: WebDAVServer.Kind) throws {
        let devices = try Devices(kind)
        try NoteStore(path: devices.laptop.notesPath).createNote(body: "Ideas\nfrom the laptop")
        try NoteStore(path: devices.desktop.notesPath).createNote(body: "Ideas\nfrom the desktop")
        try devices.race(holdingLaptopWriteOf: "/Ideas.md")

        try devices.settle()
        try devices.expectKept(["from the laptop", "from the desktop"])
        #expect(devices.server.files().count == 2, "\(devices.server.files())")
        #expect(try devices.laptop.liveTexts().count == 2 && devices.desktop.liveTexts().count == 2)
    }
}
