/// The certificate a server offered and this computer did not trust: what a
/// person checks (its fingerprint) before trusting it for the server.
public struct OfferedCertificate: Sendable, Equatable {
    /// The certificate, PEM-encoded: what a file of trusted certificates holds.
    public var pem: String
    /// The SHA-256 fingerprint of its DER bytes, as "AB:CD:…" (as browsers and
    /// `openssl x509 -fingerprint -sha256` show it).
    public var sha256Fingerprint: String
    /// Whether its only fault is that no authority this computer knows signed
    /// it (a server's own certificate, which trusting it fixes); false when it
    /// is also expired, not yet valid, revoked or made for another name.
    public var onlyUnknownAuthority: Bool

    /// A certificate whose SHA-256 (in hex, any case, without separators) is `sha256`.
    public init(pem: String, sha256: String, onlyUnknownAuthority: Bool) {
        self.pem = pem
        let hex = Array(sha256.uppercased())
        sha256Fingerprint = stride(from: 0, to: hex.count, by: 2)
            .map { String(hex[$0..<min($0 + 2, hex.count)]) }
            .joined(separator: ":")
        self.onlyUnknownAuthority = onlyUnknownAuthority
    }
}
