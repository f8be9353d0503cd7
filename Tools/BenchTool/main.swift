import Foundation
import GtkKit
import NoteModel
import NoteSync
import Storage
import WebDAV

// The benchmark suite's helper, run by Benchmarks/bench.py; not installed.
//
//   BenchTool seed <count> [--big-note <characters>]
//       fills the XDG data folder's notes database through the real note store,
//       each note a title and a paragraph of varied words; with --big-note, one
//       more note of that many characters, the most recently edited.
//   BenchTool queries <count>
//       prints that many searches a person might type, one per line, from the
//       words the notes are made of.
//   BenchTool search <notes.sqlite> <queries-file>
//       runs each line of the file as a search through the note store and
//       prints the milliseconds each took, one per line.
//   BenchTool sync <notes.sqlite> <folder-url> <user> <password>
//       syncs the notes with the WebDAV folder through Quire's synchronizer (as
//       Quire does, without its windows) and prints the milliseconds the sync
//       took, the requests it sent, and what it sent and received. With
//       GTKKIT_STALL_TRACE=<ms>, each main-loop stall over that long is a line
//       on standard error, as in Quire.
//   BenchTool journal <folder> <keystrokes>
//       records that many one-character insertions into a note's typing
//       journal in the folder, as typing does, and the same number of bare
//       write() calls of a record's bytes to a file there; prints the
//       microseconds each took a keystroke.
//   BenchTool saves <folder> <count>
//       saves a note of 2,000 characters that many times, as the background
//       saver does, into a notes database in the folder whose commits are
//       synced to disk (as Quire's saver's are), then into one whose are not;
//       prints the median milliseconds a save took in each.

let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("BenchTool: \(message)\n".utf8))
    exit(1)
}

func seed(count: Int, bigNote: Int?) throws {
    let store = try NoteStore(directories: AppDirectories(applicationID: "io.github.quire.Quire"))
    let now = Date()
    var corpus = Corpus(seed: 1)
    try store.importNotes((0..<count).map { index in
        (body: "Note \(index) \(corpus.phrase(5))\n\(corpus.phrase(60))", modifiedAt: now.addingTimeInterval(-Double(index) - 1))
    })
    if let bigNote {
        var body = "A long note\n"
        while body.utf8.count < bigNote { body += corpus.phrase(12) + "\n" }
        try store.createNote(body: String(body.prefix(bigNote)), at: now)
    }
    store.close()
    print("seeded \(count) notes\(bigNote.map { " and one of \($0) characters" } ?? "") into \(store.path)")
}

func search(path: String, queries: String) throws {
    let store = try NoteStore(path: path)
    let lines = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n").map(String.init)
    // Every query once untimed first: statements prepared and the pages they read
    // in the page cache, as in a running app (the shell's run is warmed the same way).
    for query in lines { _ = try store.search(query) }
    for query in lines {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try store.search(query)
        print(String(format: "%.3f", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6))
    }
}

@MainActor
func runSync(path: String, folder: String, user: String, password: String) throws {
    MainLoop.bridgeDispatchMainQueue()
    MainLoop.runTasksOnGLibThreads()  // as Quire's `main` does
    StallMonitor.startIfRequested()
    let store = try NoteStore(path: path)
    if try store.syncAccount() == nil {
        // As Connect leaves an account on Apache: found to honour preconditions, its listings giving tags.
        try store.setSyncAccount(SyncAccount(folderURL: folder, userName: user, writeSafety: "preconditions", listsETags: true))
    }
    let synchronizer = NoteSynchronizer(
        store: store, remote: try WebDAVClient(folder: folder, user: user, password: password),
        untitled: "Untitled", conflictTitle: { title, _ in "\(title) (conflict)" })
    var outcome: Result<SyncReport, SyncError>?
    let start = DispatchTime.now().uptimeNanoseconds
    Task {
        do throws(SyncError) {
            outcome = .success(try await synchronizer.sync())
        } catch {
            outcome = .failure(error)
        }
    }
    MainLoop.iterate { outcome != nil }
    let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    let report = try outcome!.get()
    print(String(format: "%.3f %d %d %d", milliseconds, report.requests, report.sent, report.received))
}

/// The typing journal's time a keystroke, and a bare write()'s, in microseconds.
func journalCost(folder: String, keystrokes: Int) {
    let journal = TypingJournal(folder: folder, noteID: UUID(), revision: 1)
    var start = DispatchTime.now().uptimeNanoseconds
    for offset in 0..<keystrokes { journal.record(.insert(offset: 1_000_000 + offset, text: "x")) }
    let journalMicroseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(keystrokes)
    journal.remove()
    let path = (folder as NSString).appendingPathComponent("bare-writes")
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
    let record = Array("i 1000000 1\nx\n".utf8)
    start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<keystrokes { _ = record.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } }
    let writeMicroseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(keystrokes)
    close(file)
    unlink(path)
    print(String(format: "%.3f %.3f", journalMicroseconds, writeMicroseconds))
}

/// The median milliseconds a save takes with each durability: synced at
/// every commit, as the background saver makes it (after noting the save in
/// the typing journal, synced too), and left to a later sync.
func saveCost(folder: String, count: Int) throws {
    var corpus = Corpus(seed: 3)
    let body = String((0..<40).map { _ in corpus.phrase(8) }.joined(separator: "\n").prefix(2_000))
    var medians: [Double] = []
    for durability in [DatabaseDurability.everyCommit, .withinHalfASecond] {
        let path = (folder as NSString).appendingPathComponent("saves-\(medians.count).sqlite")
        let store = try NoteStore(path: path, durability: durability)
        var note = try store.createNote(body: body)
        let journal = durability == .everyCommit ? TypingJournal(folder: folder, noteID: note.id, revision: note.revision) : nil
        var times: [Double] = []
        for index in 0..<count {
            let text = body + "\(index)"
            let end = body.unicodeScalars.count
            if index > 0 { journal?.record(.delete(offset: end, length: "\(index - 1)".count)) }  // the last save's number
            journal?.record(.insert(offset: end, text: "\(index)"))
            let start = DispatchTime.now().uptimeNanoseconds
            let save = journal?.saveBegins()
            save?.record?.write(fingerprintOf: text)
            guard case .saved(let revision) = try store.saveBody(of: note.id, to: text, over: note.revision) else {
                fail("a save was refused")
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            if let save { journal?.saved(revision: revision, save.mark, savedText: text) { text } }
            note.revision = revision
        }
        TypingJournal.finishPendingWrites()
        store.close()
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        medians.append(times.sorted()[times.count / 2])
    }
    print(String(format: "%.3f %.3f", medians[0], medians[1]))
}

do {
    switch arguments.first {
    case "seed":
        guard arguments.count >= 2, let count = Int(arguments[1]) else { fail("seed needs a count") }
        let big = arguments.firstIndex(of: "--big-note").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
        try seed(count: count, bigNote: big)
    case "queries":
        guard arguments.count == 2, let count = Int(arguments[1]) else { fail("queries needs a count") }
        var corpus = Corpus(seed: 2)
        for _ in 0..<count { print(corpus.query()) }
    case "search":
        guard arguments.count == 3 else { fail("search needs a database and a file of queries") }
        try search(path: arguments[1], queries: arguments[2])
    case "sync":
        guard arguments.count == 5 else { fail("sync needs a database, a folder URL, a user and a password") }
        try runSync(path: arguments[1], folder: arguments[2], user: arguments[3], password: arguments[4])
    case "journal":
        guard arguments.count == 3, let keystrokes = Int(arguments[2]) else { fail("journal needs a folder and a count") }
        journalCost(folder: arguments[1], keystrokes: keystrokes)
    case "saves":
        guard arguments.count == 3, let count = Int(arguments[2]) else { fail("saves needs a folder and a count") }
        try saveCost(folder: arguments[1], count: count)
    default:
        fail("unknown command; use seed, queries, search, sync, journal or saves")
    }
} catch {
    fail("\(error)")
}
