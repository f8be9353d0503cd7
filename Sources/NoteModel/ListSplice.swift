/// One change to a shown list of ids: at `position`, remove `removing` ids
/// and put `inserting` in their place.
///
/// `ListSplice.changes(from:to:)` gives the splices that turn the order a
/// list shows into the store's order while moving as few rows as it can, so
/// that the rows that stay keep their place (and a person's selection and
/// keyboard focus on them). It costs O(n log n) for lists of n ids, however
/// many of them changed.
public struct ListSplice: Equatable, Sendable {
    /// Where the splice applies, in the list as the splices before it left it.
    public let position: Int
    /// How many ids it removes there.
    public let removing: Int
    /// The ids it inserts there.
    public let inserting: [String]

    public init(position: Int, removing: Int, inserting: [String]) {
        self.position = position
        self.removing = removing
        self.inserting = inserting
    }

    /// The splices, in the order they apply, that turn `shown` into `wanted`
    /// (each without repeats): removals first, from the end up, then
    /// insertions from the top down. The longest run of `shown` that is
    /// already in `wanted`'s order stays; the rest is removed and inserted
    /// where it belongs.
    public static func changes(from shown: [String], to wanted: [String]) -> [ListSplice] {
        let wantedIndex = Dictionary(wanted.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let ranks = shown.map { wantedIndex[$0] }
        // Flags, not sets: hashing 200,000 indices and ids again cost more than the rest.
        var keptShown = [Bool](repeating: false, count: shown.count)
        var keptWanted = [Bool](repeating: false, count: wanted.count)
        for index in longestIncreasingRun(of: ranks) {
            keptShown[index] = true
            if let rank = ranks[index] { keptWanted[rank] = true }
        }

        var splices: [ListSplice] = []
        var index = shown.count
        while index > 0 {
            guard !keptShown[index - 1] else { index -= 1; continue }
            let end = index
            while index > 0, !keptShown[index - 1] { index -= 1 }
            splices.append(ListSplice(position: index, removing: end - index, inserting: []))
        }

        var position = 0
        while position < wanted.count {
            guard !keptWanted[position] else { position += 1; continue }
            let start = position
            while position < wanted.count, !keptWanted[position] { position += 1 }
            splices.append(ListSplice(position: start, removing: 0, inserting: Array(wanted[start..<position])))
        }
        return splices
    }

    /// The indices of the longest strictly increasing run of the non-nil
    /// `ranks`, last first (patience sorting: O(n log n)).
    private static func longestIncreasingRun(of ranks: [Int?]) -> [Int] {
        // tails[k]: the index (and rank) of the smallest rank ending a run of length k + 1.
        var tails: [(index: Int, rank: Int)] = []
        var previous = [Int](repeating: -1, count: ranks.count)
        for (index, rank) in ranks.enumerated() {
            guard let rank else { continue }
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle].rank < rank { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1].index }
            if low == tails.count { tails.append((index, rank)) } else { tails[low] = (index, rank) }
        }
        var run: [Int] = []
        var index = tails.last?.index ?? -1
        while index >= 0 {
            run.append(index)
            index = previous[index]
        }
        return run
    }
}
