import Foundation
import NoteModel
import Synchronization
import TestSupport

/// Another program writing the notes as a sync does: on a connection and
/// thread of its own, every 0.2–0.8 s, it moves the note edited last (the one
/// a person is typing in) to the trash, until stopped.
final class ElsewhereTrasher: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let trashed = Atomic<Int>(0)

    /// Starts trashing the notes in `notesPath`, its pauses drawn from `seed`.
    init(notesPath: String, seed: UInt64) {
        Thread.detachNewThread { [self] in
            defer { finished.signal() }
            var generator = SeededGenerator(seed: seed)
            guard let store = try? NoteStore(path: notesPath) else { return }
            defer { store.close() }
            while !stopped.load(ordering: .relaxed) {
                usleep(UInt32.random(in: 200_000...800_000, using: &generator))
                guard !stopped.load(ordering: .relaxed), let newest = try? store.allNotes().first else { continue }
                if (try? store.moveToTrash(newest.id)) != nil { trashed.add(1, ordering: .relaxed) }
            }
        }
    }

    /// Stops, once the write under way (if any) is done; returns how many notes it trashed.
    func stop() -> Int {
        stopped.store(true, ordering: .relaxed)
        finished.wait()
        return trashed.load(ordering: .relaxed)
    }
}
