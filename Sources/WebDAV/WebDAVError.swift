/// Why a WebDAV request failed, in words a person can act on.
public enum WebDAVError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No server answered: the name does not resolve, nothing listens, or it
    /// stopped answering (the detail is GLib's own message).
    case unreachable(String)
    /// The server's certificate is not trusted, and why.
    case certificate(CertificateProblem)
    /// The server refused the user name or password (401).
    case unauthorized
    /// The server does not let this user do that: a read-only folder or file (403).
    case forbidden
    /// There is no such folder or file on the server (404, 409 for a missing parent).
    case notFound
    /// The file is not the version the request expected (412): someone else changed it.
    case preconditionFailed
    /// Someone else holds a lock on the file (423): another device is writing it.
    case locked
    /// The server has no room left (507).
    case insufficientStorage
    /// The answer's body is longer than the request allows (its limit, in bytes): not read on.
    case tooLarge(limit: Int)
    /// The answer had not ended within the request's deadline (seconds): given up on.
    case timedOut(seconds: Double)
    /// The server answered with another failure (its status and reason).
    case server(status: Int, reason: String)
    /// The server's answer to a listing could not be read as a WebDAV listing.
    case malformedListing(String)
    /// The address is not an http or https URL.
    case invalidAddress(String)

    public var description: String {
        switch self {
        case let .unreachable(detail): "the server could not be reached (\(detail))"
        case let .certificate(problem): "the server's certificate is not trusted (\(problem))"
        case .unauthorized: "the server refused the user name or password"
        case .forbidden: "the server does not allow this (the folder or file is read-only)"
        case .notFound: "not found on the server"
        case .preconditionFailed: "the file changed on the server meanwhile"
        case .locked: "another device is writing the file"
        case .insufficientStorage: "the server is out of space"
        case let .tooLarge(limit): "larger than \(limit / 1_048_576) MB"
        case let .timedOut(seconds): "the server took longer than \(Int(seconds)) s to answer"
        case let .server(status, reason): "the server failed (\(status) \(reason))"
        case let .malformedListing(detail): "the server's listing of the folder could not be read (\(detail))"
        case let .invalidAddress(address): "\"\(address)\" is not a web address (it should start with https:// or http://)"
        }
    }

    /// Whether the request surely had no effect on the server: it was never
    /// sent, or the server answered that it did not carry it out. Not so when
    /// no answer came, nor for a gateway's 502 or 504, where the server
    /// behind it may have carried it out.
    public var leftServerUnchanged: Bool {
        switch self {
        case .unreachable, .timedOut: false
        case let .server(status, _): status != 502 && status != 504
        default: true
        }
    }

    /// An error for an HTTP status that is not a success.
    static func status(_ status: Int, reason: String) -> WebDAVError {
        switch status {
        case 401: .unauthorized
        case 403: .forbidden
        case 404, 409, 410: .notFound
        case 412: .preconditionFailed
        case 423: .locked
        case 507: .insufficientStorage
        default: .server(status: status, reason: reason)
        }
    }
}
