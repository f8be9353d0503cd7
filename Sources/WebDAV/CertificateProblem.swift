/// Why a connection's certificate was refused.
public enum CertificateProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// TLS found these faults in the certificate the server offered.
    case faults(CertificateFaults)
    /// The server offers another certificate than the one trusted for it: it
    /// was replaced since, or someone stands between this computer and the server.
    case changedSinceTrusted
    /// The file of certificates trusted for the server cannot be read (its path and why).
    case unreadableTrust(String)
    /// TLS failed before the server offered any certificate (TLS's own
    /// message): most often an address that serves plain HTTP, asked for
    /// with https://.
    case noCertificate(String)
    /// TLS failed otherwise (its own message).
    case other(String)

    public var description: String {
        switch self {
        case let .faults(faults): faults.names.joined(separator: ", ")
        case .changedSinceTrusted: "it is not the certificate trusted for this server"
        case let .unreadableTrust(detail): "the trusted certificate cannot be read: \(detail)"
        case let .noCertificate(detail): "the server offered none: \(detail)"
        case let .other(detail): detail
        }
    }
}

extension CertificateFaults {
    /// The faults in plain English, most telling first.
    var names: [String] {
        let named: [(CertificateFaults, String)] = [
            (.expired, "it has expired"), (.notYetValid, "it is not valid yet"), (.wrongName, "it is made for another name"),
            (.revoked, "it was revoked"), (.insecure, "it is signed insecurely"), (.unknownAuthority, "no known authority signed it"),
        ]
        return named.filter { contains($0.0) }.map(\.1)
    }
}
