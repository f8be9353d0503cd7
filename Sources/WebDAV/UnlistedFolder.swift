/// A folder inside the listed one whose own listing the server refused or
/// failed (a folder this account may not read, one removed meanwhile, a
/// listing that broke off): what it holds is not known this time, which is
/// not the same as holding nothing.
public struct UnlistedFolder: Sendable, Equatable {
    /// Its path in the listed folder ("Work/Private").
    public var path: String
    /// Why the server gave no listing of it.
    public var error: WebDAVError

    public init(path: String, error: WebDAVError) {
        self.path = path
        self.error = error
    }

    /// Whether the file or folder at `path` lies in this folder.
    public func holds(_ path: String) -> Bool { path.hasPrefix(self.path + "/") }

    /// Whether a failed listing of a folder inside the listed one concerns
    /// that folder alone (refused, gone, broken off, failed there): the
    /// others are listed. An answer that concerns every request (the
    /// password refused, no server, too slow, an untrusted certificate) ends
    /// the listing.
    public static func concernsOneFolder(_ error: WebDAVError) -> Bool {
        switch error {
        case .forbidden, .notFound, .server, .malformedListing, .tooLarge: true
        case .unreachable, .certificate, .unauthorized, .preconditionFailed, .locked, .insufficientStorage, .timedOut,
             .invalidAddress: false
        }
    }
}
