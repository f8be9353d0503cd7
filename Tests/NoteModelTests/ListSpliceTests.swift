import Foundation
import NoteModel
import Testing

/// The splices that bring a shown list into the store's order, moving as few
/// rows as they can.
@Suite("List splices")
struct ListSpliceTests {
    /// `shown` with `splices` applied in order, as the list applies them.
    static func applying(_ splices: [ListSplice], to shown: [String]) -> [String] {
        var list = shown
        for splice in splices {
            list.replaceSubrange(splice.position..<splice.position + splice.removing, with: splice.inserting)
        }
        return list
    }

    @Test("new notes on top are one insertion, and the notes pushed past the end one removal")
    func newNotesOnTop() {
        let shown = (1...6).map { "n\($0)" }
        let wanted = ["a", "b", "c"] + shown.prefix(3)
        let splices = ListSplice.changes(from: shown, to: wanted)
        #expect(splices == [
            ListSplice(position: 3, removing: 3, inserting: []),
            ListSplice(position: 0, removing: 0, inserting: ["a", "b", "c"]),
        ])
        #expect(Self.applying(splices, to: shown) == wanted)
    }

    @Test("an edited note moved to the top moves alone: every other row keeps its order")
    func editedNoteMovesAlone() {
        let shown = ["a", "b", "c", "d", "e"]
        let wanted = ["d", "a", "b", "c", "e"]
        let splices = ListSplice.changes(from: shown, to: wanted)
        #expect(splices == [
            ListSplice(position: 3, removing: 1, inserting: []),
            ListSplice(position: 0, removing: 0, inserting: ["d"]),
        ])
    }

    @Test("the same order needs no splice; an empty list is one insertion, and emptying it one removal")
    func edges() {
        #expect(ListSplice.changes(from: ["a", "b"], to: ["a", "b"]).isEmpty)
        #expect(ListSplice.changes(from: [], to: ["a", "b"]) == [ListSplice(position: 0, removing: 0, inserting: ["a", "b"])])
        #expect(ListSplice.changes(from: ["a", "b"], to: []) == [ListSplice(position: 0, removing: 2, inserting: [])])
    }

    @Test("random orders: the splices give the wanted order, and keep as many rows as stay in order")
    func randomOrders() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let pool = (0..<40).map { "id\($0)" }
            let shown = Array(pool.shuffled(using: &generator).prefix(Int.random(in: 0...30, using: &generator)))
            let wanted = Array(pool.shuffled(using: &generator).prefix(Int.random(in: 0...30, using: &generator)))
            let splices = ListSplice.changes(from: shown, to: wanted)
            #expect(Self.applying(splices, to: shown) == wanted, "\(shown) → \(wanted)")
            let removed = splices.map(\.removing).reduce(0, +)
            #expect(shown.count - removed == Self.longestCommonRun(shown, wanted), "\(shown) → \(wanted)")
        }
    }

    @Test("a list of 200,000 rows with hundreds of new notes on top and hundreds moved up: only those move")
    func largeList() {
        let shown = (0..<200_000).map { "old\($0)" }
        let moved = stride(from: 1_000, to: 200_000, by: 400).map { "old\($0)" }
        let movedSet = Set(moved)
        let added = (0..<500).map { "new\($0)" }
        let wanted = Array((added + moved + shown.filter { !movedSet.contains($0) }).prefix(shown.count))
        let splices = ListSplice.changes(from: shown, to: wanted)
        #expect(Self.applying(splices, to: shown) == wanted)
        #expect(splices.map(\.removing).reduce(0, +) == moved.count + added.count, "the moved notes, and as many pushed past the end as came")
        #expect(splices.map(\.inserting.count).reduce(0, +) == moved.count + added.count)
    }

    /// The length of the longest common subsequence of two lists (dynamic programming: small lists only).
    static func longestCommonRun(_ first: [String], _ second: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: second.count + 1), count: first.count + 1)
        for i in stride(from: first.count - 1, through: 0, by: -1) {
            for j in stride(from: second.count - 1, through: 0, by: -1) {
                table[i][j] = first[i] == second[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}
