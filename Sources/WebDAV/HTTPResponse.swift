import Foundation

/// What a server answered to one request: status, reason, the headers the
/// client reads, and the body.
struct HTTPResponse {
    var status: Int
    var reason: String
    var etag: String?
    var body: Data

    var succeeded: Bool { (200..<300).contains(status) }
}
