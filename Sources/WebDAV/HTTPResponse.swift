import FoundationEssentials

/// What a server answered to one request: status, reason, the headers the
/// client reads, and the body.
struct HTTPResponse {
    var status: Int
    var reason: String
    var etag: String?
    /// A `LOCK`'s token ("<urn:…>"), if it granted one.
    var lockToken: String?
    /// When the server answered, as it wrote it (an HTTP date).
    var date: String?
    var body: Data

    var succeeded: Bool { (200..<300).contains(status) }
}
