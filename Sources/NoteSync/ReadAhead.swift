import FoundationEssentials
import WebDAV

/// Reads a folder's files in order, a few requests ahead: while one file is
/// taken in, the requests for the next ones are already on the wire. A sync
/// taking in thousands of files otherwise waited for each answer in turn,
/// and on a main loop kept busy drawing (a person typing) it got about one
/// answer a frame.
///
/// Files are handed out in the order given, each once; what is done with one
/// (recorded as a note) is done before the next is asked for, so a sync cut
/// short leaves exactly the files handed out done. Reading changes nothing on
/// the server: requests still on the wire when a sync stops just finish. A
/// file that cannot be read is handed out with why, and the rest go on.
@MainActor
final class ReadAhead {
    typealias Content = (data: Data, etag: String?)

    private let remote: WebDAVClient
    private let files: [RemoteFile]
    private let depth: Int
    private let limit: Int
    /// The reads started so far, by position; each is dropped once handed out.
    private var reads: [Task<Result<Content, WebDAVError>, Never>?] = []
    private var next = 0

    /// Reads `files` from `remote`, at most `depth` at a time, each of at most `limit` bytes.
    init(_ files: [RemoteFile], from remote: WebDAVClient, atMost limit: Int, depth: Int = 4) {
        self.remote = remote
        self.files = files
        self.limit = limit
        self.depth = max(1, depth)
    }

    /// The next file with its content (or why it could not be read), or nil
    /// once every file was handed out.
    func nextFile() async -> (file: RemoteFile, content: Result<Content, WebDAVError>)? {
        guard next < files.count else { return nil }
        let position = next
        next += 1
        while reads.count < min(files.count, position + depth) {
            let file = files[reads.count]
            let remote = remote
            let limit = limit
            reads.append(Task {
                do throws(WebDAVError) {
                    return .success(try await remote.read(file.name, atMost: limit, expectedSize: file.size))
                } catch {
                    return .failure(error)
                }
            })
        }
        let read = reads[position]!
        reads[position] = nil
        return (files[position], await read.value)
    }
}
