import Foundation
import NoteModel
import Testing
import TestSupport

/// A sync while the person types: it gives way, taking nothing in and
/// sending nothing until typing pauses, as each note it takes in or sends
/// costs the window's frames their share of the processor; and what is
/// typed while it runs goes out with the sync asked for next.
@Suite("A sync while the person types, end to end", .serialized)
struct SyncWhileTypingTests {
    @Test("a sync at launch takes no note in while the person types, but one after its longest wait, then every note once typing pauses, and every key typed is stored and sent")
    func syncWaitsForAPause() throws {
        let server = try WebDAVServer(.rclone)
        let texts = try server.writeNumberedNotes(200)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        // The sync at launch waits for the folder's listing until typing goes on.
        server.pause()
        var paused = true
        defer { if paused { server.resume() } }
        try session.launch(environment: ["QUIRE_TRACE_SYNC": "1"])
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        // 2,040 keys, a key every 30-60 ms: a minute or more, past the sync's longest wait.
        let typed = String(repeating: "typing on and on ", count: 120)
        let typist = try ChildProcess(
            "xdotool", ["type", "--delay", "60", typed], environment: session.desktop.environment(),
            outputDirectory: session.desktop.directory.path)
        defer { typist.send(SIGKILL) }
        let store = try NoteStore(path: session.notesPath)
        func typedNote() -> Note? { (try? store.allNotes())?.first { $0.body.contains("typing on") } }
        func serverNotesIn() -> Int { ((try? session.liveTexts()) ?? []).count { $0.hasPrefix("Server note") } }
        #expect(eventually(within: 5) { typedNote() != nil }, "the typing reaches the note")

        server.resume()
        paused = false
        #expect(eventually(within: 10) { session.messages.contains("sync: waits for typing to pause") },
                "the sync listed the folder and waits: \(session.messages.suffix(400))")
        Thread.sleep(forTimeInterval: 3)
        #expect(typist.isRunning, "typing goes on: \(typist.exitStatus.map(String.init) ?? "") \(typist.standardError) \(typedNote()?.body.count ?? 0) typed")
        #expect(serverNotesIn() == 0, "no note taken in while typing: \(serverNotesIn())")

        // Typing that never pauses still lets the sync move:
        // after half a minute of waiting it takes one file in, then waits again.
        #expect(eventually(within: 40) { session.messages.contains(/sync: went on after [3-9]\d{4} ms/) },
                "the sync goes on after its longest wait: \(session.messages.suffix(400))")
        #expect(typist.isRunning, "typing still goes on")
        #expect(eventually(within: 5) { serverNotesIn() >= 1 }, "a note taken in after the longest wait")
        #expect((1...2).contains(serverNotesIn()), "a file at a time while typing goes on: \(serverNotesIn())")

        #expect(typist.waitForExit(seconds: 90) == 0)
        #expect(eventually(within: 10) { session.messages.contains("sync: went on after") }, "the sync goes on")
        #expect(eventually(within: 30) { serverNotesIn() == texts.count }, "every note, once typing paused: \(serverNotesIn())")
        #expect(try session.liveTexts().filter { $0.hasPrefix("Server note") } == texts, "each once")
        #expect(eventually(within: 5) { typedNote()?.body == typed }, "every key typed is stored: \(typedNote()?.body ?? "")")
        // The typed note goes out with the next sync (a few seconds after the edits settle).
        #expect(eventually(within: 30) { server.files().values.contains(typed) },
                "the typed note is sent: \(server.files().keys.filter { !$0.hasPrefix("Server note") })")
        #expect(try session.stop() == 0)
    }

    @Test("Sync Now asked for while a sync runs, after that sync read the notes, sends what was typed since: it waits for the running sync, then runs one more")
    func syncAskedForWhileOneRuns() throws {
        let server = try WebDAVServer(.rclone)
        let texts = try server.writeNumberedNotes(300)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        try session.launch(environment: ["QUIRE_TRACE_SYNC": "1"])
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        // Once notes come in, the sync at launch has read the notes here; the server then holds it.
        #expect(eventually(within: 30) { (try? session.liveTexts().count).map { $0 > 0 } ?? false },
                "the sync, 2 s after launch, brings the first notes")
        server.pause()  // for less than libsoup's 30 s, after which the sync would give up
        var paused = true
        defer { if paused { server.resume() } }
        let pausedAt = Date()
        let typed = "Written while a sync runs"
        try session.desktop.type(typed, into: window)
        #expect(eventually(within: 10) { (try? session.liveTexts())?.contains(typed) == true }, "the typing is stored")
        let askedBefore = session.messages.components(separatedBy: "sync: asked for while a sync runs").count
        let command = try ChildProcess(
            BuiltProducts.executable("quire"), ["--sync-now"], environment: session.environment(),
            outputDirectory: session.desktop.directory.path)
        defer { command.send(SIGKILL) }
        #expect(eventually(within: 10) {
            session.messages.components(separatedBy: "sync: asked for while a sync runs").count > askedBefore
        }, "the running Quire takes the command while its sync is held: \(session.messages.suffix(400))")
        #expect(Date().timeIntervalSince(pausedAt) < 25, "held for less than libsoup's 30 s")
        server.resume()
        paused = false

        #expect(command.waitForExit(seconds: 60) == 0, "\(command.standardOutput) \(command.standardError)")
        #expect(server.files()[typed + ".md"] == typed, "sent by the sync that followed: \(command.standardOutput)")
        #expect(try session.liveTexts().filter { $0.hasPrefix("Server note") } == texts, "every note, once")
        #expect(try session.stop() == 0)
    }
}
