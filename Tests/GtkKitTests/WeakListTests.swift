@testable import GtkKit
import Testing

/// The weak lists the app's followers, its window watch and its scene record
/// keep: released entries go before each growth past double, never the live ones.
@Suite("Weak lists")
struct WeakListTests {
    private final class Object {}
    private struct Entry {
        weak var object: Object?
        let number: Int
    }

    @Test("released entries are dropped once the list has doubled since the last drop, live ones kept in order")
    func dropsOnceDoubled() {
        var list = WeakList<Entry> { $0.object == nil }
        var alive: [Object] = []
        for number in 0..<8 {
            let object = Object()
            if number.isMultiple(of: 2) { alive.append(object) }  // the odd ones are released at once
            list.append(Entry(object: object, number: number))
        }
        #expect(list.entries.count == 8, "nothing dropped below 16 entries since the last drop: \(list.entries.map(\.number))")
        for number in 8..<16 { list.append(Entry(object: nil, number: number)) }
        #expect(list.entries.count == 16)
        list.append(Entry(object: alive[0], number: 16))
        #expect(list.entries.map(\.number) == [0, 2, 4, 6, 16], "the released ones dropped as it doubled")
        list.dropReleased()
        #expect(list.entries.map(\.number) == [0, 2, 4, 6, 16])
        alive.removeAll()
        list.dropReleased()
        #expect(list.entries.isEmpty)
    }

    @Test("removing entries by a rule counts from what is left")
    func removeAllResetsTheCount() {
        let objects = (0..<20).map { _ in Object() }
        var list = WeakList<Entry> { $0.object == nil }
        for (number, object) in objects.enumerated() { list.append(Entry(object: object, number: number)) }
        list.removeAll { $0.number >= 2 }
        #expect(list.entries.map(\.number) == [0, 1])
        for number in 2..<16 { list.append(Entry(object: nil, number: number)) }
        #expect(list.entries.count == 16, "with 2 left, the next drop waits for 16")
        list.append(Entry(object: objects[0], number: 16))
        #expect(list.entries.map(\.number) == [0, 1, 16])
    }
}
