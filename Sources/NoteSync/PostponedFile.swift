public import WebDAV

/// A file a sync left as it was, and why: the next sync tries it again.
/// Each file's trouble stays with that file; the rest of the sync goes on.
public struct PostponedFile: Sendable, Equatable {
    /// Why a file was left.
    public enum Reason: Sendable, Equatable {
        /// The file changed on the server while the sync worked on it.
        case changedMeanwhile
        /// Another device was writing the file (it holds a lock on it).
        case beingWritten
        /// The note was edited here while the file's text was taken in.
        case editedWhileReceived
        /// The file's content is not UTF-8 text.
        case notText
        /// The file is larger than the largest note taken in (its limit in bytes).
        case tooLarge(limit: Int)
        /// The file's name holds control characters (a NUL, a line break).
        case badName
        /// The server could not give the file (forbidden, gone, failed, too slow).
        case unreadable(WebDAVError)
        /// The server refused to store the note's file (its name, its folder, its permissions).
        case refused(WebDAVError)
        /// The server gave no listing of this folder (`name` is its path):
        /// the notes in it wait, neither taken in, sent nor trashed.
        case unlistedFolder(WebDAVError)
    }

    /// The file's name in the folder (`RemoteName`: its bytes exactly).
    public var name: String
    public var reason: Reason

    public init(_ name: String, _ reason: Reason) {
        self.name = name
        self.reason = reason
    }

    /// Whether a note of this computer's stays here, not on the server, for
    /// as long as the server will not take its file. The others are clashes
    /// soon over, and the server's files (or folders) not taken in yet.
    public var leavesANoteHere: Bool {
        switch reason {
        case .refused: true
        case .changedMeanwhile, .beingWritten, .editedWhileReceived, .notText, .tooLarge, .badName, .unreadable, .unlistedFolder: false
        }
    }

    /// Whether the trouble is likely gone in seconds (a clash with another
    /// device), so that a sync soon is worth it; a file the server cannot
    /// give, or will not be taken, waits for the next sync in its time.
    public var passesSoon: Bool {
        switch reason {
        case .changedMeanwhile, .beingWritten, .editedWhileReceived: true
        case .notText, .tooLarge, .badName, .unreadable, .refused, .unlistedFolder: false
        }
    }
}
