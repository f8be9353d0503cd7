import FoundationEssentials

/// Checks a database's write-ahead log (`<file>-wal`) before SQLite opens it.
///
/// SQLite reads a log up to its first frame that fails its checksum and
/// silently ignores the rest; when the last connection closes, it folds what
/// it read into the database and deletes the log. A damaged log would so lose
/// every change after the damage, and then the only copy of them. This check
/// finds such damage first, so the caller can keep a copy aside.
///
/// The format is SQLite's documented WAL format: a 32-byte header (magic,
/// version, page size, checkpoint sequence, two salts, a checksum) and frames
/// of a 24-byte header (page number, database size for commit frames, the
/// salts, a cumulative checksum) followed by one page.
enum WriteAheadLogCheck {
    /// What the log holds.
    enum Finding: Equatable {
        /// No log, or an empty one, or only frames of earlier generations.
        case nothingToReplay
        /// A log whose every complete frame of the current generation is intact,
        /// but for a transaction at its end that never committed.
        case intact(frames: Int)
        /// A log SQLite would read only partly, or not at all.
        case damaged(reason: String)
    }

    private static let headerSize = 32
    private static let frameHeaderSize = 24

    /// Inspects the log at `path` (missing: nothing to replay).
    static func inspect(path: String) -> Finding {
        guard let log = FileManager.default.contents(atPath: path) else { return .nothingToReplay }
        return inspect(log)
    }

    /// Inspects the bytes of a log.
    static func inspect(_ log: Data) -> Finding {
        let bytes = [UInt8](log)
        guard bytes.count > headerSize else {
            return bytes.isEmpty || bytes.allSatisfy({ $0 == 0 }) ? .nothingToReplay
                : .damaged(reason: "the log is shorter than its header")
        }
        let magic = word(bytes, at: 0, bigEndian: true)
        guard magic == 0x377F_0682 || magic == 0x377F_0683 else {
            return .damaged(reason: "the log does not start with SQLite's log header")
        }
        let bigEndian = magic & 1 == 1
        let pageSize = Int(word(bytes, at: 8, bigEndian: true))
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else {
            return .damaged(reason: "the log header gives an impossible page size (\(pageSize))")
        }
        var checksum = Checksum()
        checksum.add(bytes, from: 0, count: 24, bigEndian: bigEndian)
        guard checksum.s0 == word(bytes, at: 24, bigEndian: true), checksum.s1 == word(bytes, at: 28, bigEndian: true) else {
            return .damaged(reason: "the log header's checksum does not match")
        }
        let salts = (word(bytes, at: 16, bigEndian: true), word(bytes, at: 20, bigEndian: true))
        let frameSize = frameHeaderSize + pageSize
        var frames = 0
        var offset = headerSize
        while offset + frameSize <= bytes.count {
            let frameSalts = (word(bytes, at: offset + 8, bigEndian: true), word(bytes, at: offset + 12, bigEndian: true))
            // A frame of another generation: the log was restarted and this is an
            // older frame left behind, which SQLite never reads. Nothing after it is current.
            guard frameSalts == salts else { break }
            checksum.add(bytes, from: offset, count: 8, bigEndian: bigEndian)
            checksum.add(bytes, from: offset + frameHeaderSize, count: pageSize, bigEndian: bigEndian)
            guard checksum.s0 == word(bytes, at: offset + 16, bigEndian: true),
                  checksum.s1 == word(bytes, at: offset + 20, bigEndian: true)
            else {
                // A complete frame of the current generation that fails its
                // checksum. Damage, if a transaction committed after it would be
                // lost; if none did, it is a transaction that never committed (a
                // write the disk filled up under leaves whole frames that fail),
                // which SQLite rightly ignores.
                let committedAfter = stride(from: offset + frameSize, through: bytes.count - frameSize, by: frameSize).contains {
                    (word(bytes, at: $0 + 8, bigEndian: true), word(bytes, at: $0 + 12, bigEndian: true)) == salts
                        && word(bytes, at: $0 + 4, bigEndian: true) != 0
                }
                guard committedAfter else { break }
                return .damaged(reason: "frame \(frames + 1) of the log fails its checksum")
            }
            frames += 1
            offset += frameSize
        }
        return frames == 0 ? .nothingToReplay : .intact(frames: frames)
    }

    /// The 32-bit word at `offset`, in the given byte order.
    private static func word(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> UInt32 {
        let b0 = UInt32(bytes[offset]), b1 = UInt32(bytes[offset + 1])
        let b2 = UInt32(bytes[offset + 2]), b3 = UInt32(bytes[offset + 3])
        return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
    }

    /// SQLite's log checksum: two running sums over pairs of 32-bit words.
    private struct Checksum {
        var s0: UInt32 = 0
        var s1: UInt32 = 0

        mutating func add(_ bytes: [UInt8], from start: Int, count: Int, bigEndian: Bool) {
            var offset = start
            while offset < start + count {
                s0 = s0 &+ WriteAheadLogCheck.word(bytes, at: offset, bigEndian: bigEndian) &+ s1
                s1 = s1 &+ WriteAheadLogCheck.word(bytes, at: offset + 4, bigEndian: bigEndian) &+ s0
                offset += 8
            }
        }
    }
}
