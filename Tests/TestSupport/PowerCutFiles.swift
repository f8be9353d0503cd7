import Foundation

/// The files of a power cut (`PowerCut`), replayed from the record of a
/// program's changes: for each, its contents at its last sync and the
/// changes since.
final class PowerCutFiles {
    /// One file (an inode: it keeps its changes when renamed).
    final class File {
        /// A change not synced yet.
        enum Change {
            case write(offset: Int, bytes: ArraySlice<UInt8>)
            case truncate(length: Int)
        }

        /// Its contents at its last sync (or when the record began).
        private(set) var synced: [UInt8]
        private var current: [UInt8]
        /// Its changes since then, in order.
        private(set) var pending: [Change] = []

        init(_ contents: [UInt8]) {
            synced = contents
            current = contents
        }

        func change(_ change: Change) {
            pending.append(change)
            File.apply(change, to: &current)
        }

        func sync() {
            synced = current
            pending = []
        }

        /// What the disk holds after a power cut that kept the first `count` changes since the sync.
        func contents(keepingPending count: Int) -> [UInt8] {
            var contents = synced
            for change in pending.prefix(count) { File.apply(change, to: &contents) }
            return contents
        }

        private static func apply(_ change: Change, to contents: inout [UInt8]) {
            switch change {
            case .write(let offset, let bytes):
                if contents.count < offset + bytes.count {
                    contents.append(contentsOf: repeatElement(0, count: offset + bytes.count - contents.count))
                }
                contents.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
            case .truncate(let length):
                if length < contents.count {
                    contents.removeSubrange(length...)
                } else {
                    contents.append(contentsOf: repeatElement(0, count: length - contents.count))
                }
            }
        }
    }

    /// The files by the path they have now.
    private(set) var byPath: [String: File]
    private var byDescriptor: [Int: File] = [:]

    /// The files as they were when the record began, all on disk.
    init(base: [String: [UInt8]]) {
        byPath = base.mapValues(File.init)
    }

    /// Replays a record (the format is `powercut.c`'s); a record cut short ends it.
    func replay(_ log: [UInt8]) {
        var position = 0
        func nextLine() -> String? {
            guard let end = log[position...].firstIndex(of: 0x0A) else { return nil }
            defer { position = end + 1 }
            return String(decoding: log[position..<end], as: UTF8.self)
        }
        while let line = nextLine() {
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            let number = { (index: Int) in fields.count > index ? Int(fields[index]) : nil }
            switch fields.first {
            case "open":
                guard let descriptor = number(1), fields.count > 2 else { return }
                let path = String(line.split(separator: " ", maxSplits: 2)[2])
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    byDescriptor[descriptor] = nil  // a folder opened to sync it: names are kept anyway
                    continue
                }
                let file = byPath[path] ?? File([])
                byPath[path] = file
                byDescriptor[descriptor] = file
            case "write":
                guard let descriptor = number(1), let offset = number(2), let count = number(3),
                      position + count <= log.count else { return }
                byDescriptor[descriptor]?.change(.write(offset: offset, bytes: log[position..<(position + count)]))
                position += count
            case "trunc":
                guard let descriptor = number(1), let length = number(2) else { return }
                byDescriptor[descriptor]?.change(.truncate(length: length))
            case "sync":
                guard let descriptor = number(1) else { return }
                byDescriptor[descriptor]?.sync()
            case "rename":
                let old = String(line.dropFirst("rename ".count))
                guard let new = nextLine() else { return }
                // A file made outside the record (not opened here) is left as it is on disk.
                byPath[new] = byPath.removeValue(forKey: old)
            case "unlink":
                byPath[String(line.dropFirst("unlink ".count))] = nil
            default:
                return
            }
        }
    }
}
