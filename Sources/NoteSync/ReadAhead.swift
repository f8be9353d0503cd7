import Foundation
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
/// the server: requests still on the wire when a sync stops just finish.
@MainActor
final class ReadAhead {
    typealias Content = (data: Data, etag: String?)

    private let remote: WebDAVClient
    private let files: [RemoteFile]
    private let depth: Int
    /// The reads started so far, by position; each is dropped once handed out.
    private var reads: [Task<Result<Content, WebDAVError>, Never>?] = []
    private var next = 0

    /// Reads `files` from `remote`, at most `depth` at a time.
    init(_ files: [RemoteFile], from remote: WebDAVClient, depth: Int = 4) {
        self.remote = remote
        self.files = files
        self.depth = max(1, depth)
    }

    /// The next file with its content, or nil once every file was handed out.
    func nextFile() async throws(WebDAVError) -> (file: RemoteFile, content: Content)? {
        guard next < files.count else { return nil }
        let position = next
        next += 1
        while reads.count < min(files.count, position + depth) {
            let name = files[reads.count].name
            let remote = remote
            reads.append(Task {
                do throws(WebDAVError) {
                    return .success(try await remote.read(name))
                } catch {
                    return .failure(error)
                }
            })
        }
        let read = reads[position]!
        reads[position] = nil
        return (files[position], try await read.value.get())
    }
}
