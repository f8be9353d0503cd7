import Foundation
import NoteModel
import Storage

// Fills a notes database with generated notes through the real note store,
// for the benchmark: `NoteSeeder <count>` writes into the XDG data folder,
// like Quire, each note a title and a paragraph of varied words.

let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 10
let words = ["alpha", "travel", "plans", "groceries", "milk", "coffee", "reading", "ideas", "project", "meeting",
             "garden", "letters", "budget", "recipes", "music", "weekend", "lisbon", "kyoto", "notes", "draft"]
func phrase(_ length: Int) -> String {
    (0..<length).map { _ in words.randomElement()! }.joined(separator: " ")
}
do {
    let store = try NoteStore(directories: AppDirectories(applicationID: "io.github.quire.Quire"))
    let now = Date()
    try store.importNotes((0..<count).map { index in
        (body: "Note \(index) \(phrase(6))\n\(phrase(60))", modifiedAt: now.addingTimeInterval(-Double(index)))
    })
    print("seeded \(count) notes into \(store.path)")
} catch {
    FileHandle.standardError.write(Data("NoteSeeder: \(error)\n".utf8))
    exit(1)
}
