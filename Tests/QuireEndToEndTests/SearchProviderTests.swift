import Foundation
import NoteModel
import Testing
import TestSupport

/// Quire's notes in GNOME Shell's search: the org.gnome.Shell.SearchProvider2
/// calls the Shell makes, made over D-Bus with gdbus, as the Shell makes them.
@Suite("GNOME Shell search provider, end to end", .serialized)
struct SearchProviderTests {
    /// Calls `method` of the search provider with `arguments` (GVariant text); its reply as text.
    private func call(_ session: QuireSession, _ method: String, _ arguments: [String]) throws -> String {
        let result = try attempt(session, method, arguments)
        #expect(result.status == 0, "\(method): \(result.error)")
        return result.output
    }

    /// The call, as gdbus ran it, failed or not (for waiting until the app answers).
    private func attempt(_ session: QuireSession, _ method: String, _ arguments: [String]) throws
        -> (status: Int32?, output: String, error: String)
    {
        try ChildProcess.run(
            "gdbus", ["call", "--session", "--dest", "io.github.quire.Quire",
                      "--object-path", "/io/github/quire/Quire/SearchProvider",
                      "--method", "org.gnome.Shell.SearchProvider2.\(method)"] + arguments,
            environment: session.environment(), outputDirectory: session.desktop.directory.path)
    }

    private func seed(_ session: QuireSession) throws -> (lisbon: Note, groceries: Note) {
        let store = try NoteStore(path: session.notesPath)
        let lisbon = try store.createNote(body: "Travel plans\nflights booked, then Lisbon in May for the conference")
        let groceries = try store.createNote(body: "Groceries\nmilk and eggs", category: "Home/Shopping")
        return (lisbon, groceries)
    }

    @Test("the Shell finds notes by a word with title and snippet, and activating a result opens that note's window with the cursor at the match, typing going in before it")
    func searchAndActivate() throws {
        let session = try QuireSession()
        let (lisbon, groceries) = try seed(session)
        try session.launch()
        let main = try session.waitForWindow(matching: "^Groceries — Quire$")

        let found = try call(session, "GetInitialResultSet", ["['lisb']"])
        #expect(found.contains(lisbon.id.uuidString) && !found.contains("Groceries"), "\(found)")
        #expect(try call(session, "GetSubsearchResultSet", ["['\(lisbon.id.uuidString)']", "['lisbon', 'may']"]).contains(lisbon.id.uuidString))
        #expect(try call(session, "GetInitialResultSet", ["['zebra']"]).contains("@as []") )
        let metas = try call(session, "GetResultMetas", ["['\(lisbon.id.uuidString)']"])
        #expect(metas.contains("'name': <'Travel plans'>") && metas.contains("Lisbon in May"), "\(metas)")
        #expect(!metas.contains("'description': <'Travel plans"), "the description does not repeat the title: \(metas)")
        let filed = try call(session, "GetResultMetas", ["['\(groceries.id.uuidString)']"])
        #expect(filed.contains("'name': <'Groceries — Home/Shopping'>"), "a note's category beside its title: \(filed)")

        _ = try call(session, "ActivateResult", ["'\(lisbon.id.uuidString)'", "['lisbon']", "0"])
        let noteWindow = try session.focusNewWindow(besides: [main])
        #expect(session.desktop.windowTitles(matching: "^Travel plans — Quire$").count == 1)
        try session.desktop.type("Porto and ", into: noteWindow)  // at the match, which stays
        #expect(eventually(within: 5) {
            (try? NoteStore(path: session.notesPath).note(id: lisbon.id))??.body.contains("then Porto and Lisbon in May") == true
        })
        #expect(try session.stop() == 0)
    }

    @Test("LaunchSearch opens a main window searching for the terms")
    func launchSearch() throws {
        let session = try QuireSession()
        _ = try seed(session)
        try session.launch()
        let main = try session.waitForWindow(matching: "^Groceries — Quire$")
        _ = try call(session, "LaunchSearch", ["['lisbon']", "0"])
        _ = try session.focusNewWindow(besides: [main])
        try session.desktop.xdotool("key", "ctrl+f", "Return")  // the search field holds the terms: Return opens the result
        _ = try session.waitForWindow(matching: "^Travel plans — Quire$")
        #expect(try session.stop() == 0)
    }

    @Test("started by the bus as the Shell starts it, Quire answers without opening any window")
    func answersWithoutWindows() throws {
        let session = try QuireSession()
        let (lisbon, _) = try seed(session)
        try session.launch(["--gapplication-service"])
        // As the Shell does: call as soon as the name is on the bus. The object is
        // there from the first moment (a call never finds the name without it).
        var replies: [(status: Int32?, output: String, error: String)] = []
        #expect(eventually(within: 10) {
            guard let reply = try? attempt(session, "GetInitialResultSet", ["['lisbon']"]) else { return false }
            replies.append(reply)
            return reply.status == 0
        })
        #expect(replies.last?.output.contains(lisbon.id.uuidString) == true)
        #expect(!replies.contains { $0.error.contains("UnknownMethod") }, "\(replies.map(\.error))")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(session.desktop.windowTitles(matching: "Quire").isEmpty, "no window opened")
        #expect(!session.lifecycle.contains { $0.callback == "scene(_:willConnectTo:options:)" }, "no scene connected")
        #expect(try session.stop() == 0)
    }

    @Test("started by the bus, Quire stays up while the Shell keeps asking, and quits on its own a while after")
    func serviceLifetime() throws {
        let session = try QuireSession()
        let (lisbon, _) = try seed(session)
        let service = try session.launch(["--gapplication-service"])
        for round in 0..<3 {
            if round > 0 { Thread.sleep(forTimeInterval: 6) }  // more than 10 s in all: GApplication's service timeout
            #expect(eventually(within: 10) {
                (try? attempt(session, "GetInitialResultSet", ["['lisbon']"]))?.output.contains(lisbon.id.uuidString) == true
            }, "answered in round \(round)")
            #expect(service.isRunning, "still up in round \(round)")
        }
        #expect(service.waitForExit(seconds: 20) == 0, "quit on its own, with nothing more to answer")
    }
}
