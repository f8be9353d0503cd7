import FoundationEssentials

/// What a batch of writes has made so far.
@MainActor
final class BatchOutcome<Value> {
    var written: [(id: UUID, value: Value)] = []
    var failure: (any Error)?
    var remaining: Int

    init(count: Int) { remaining = count }
}
