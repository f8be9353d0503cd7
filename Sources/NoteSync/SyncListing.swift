import WebDAV

/// A folder's note files (`.md`, `.txt`, not hidden) as a sync plans with
/// them: in the order of their names, and by name. Made on a thread of its
/// own: over 10,000 files, filtering, sorting and indexing them held the main
/// loop for 20 to 40 ms.
struct SyncListing: Sendable {
    /// The note files, in the order of their names.
    let files: [RemoteFile]
    /// The same files by name (the first of any two with one name).
    let byName: [String: RemoteFile]

    /// The note files among `listed`, filtered and indexed off the main thread.
    static func of(_ listed: [RemoteFile]) async -> SyncListing {
        await Task.detached(priority: .userInitiated) {
            let files = listed.filter { isNoteFile($0.name) }
            return SyncListing(files: files, byName: Dictionary(files.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }))
        }.value
    }

    /// Whether a file by `name` holds a note: Markdown or text, not hidden.
    static func isNoteFile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return !name.hasPrefix(".") && (lowered.hasSuffix(".md") || lowered.hasSuffix(".txt"))
    }
}
