import CSoup

/// Why a server's certificate was not trusted, as TLS found it: one or more
/// of these at once (an expired certificate of a server's own is both
/// `expired` and `unknownAuthority`).
public struct CertificateFaults: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// No authority this computer (or the account's trusted certificate) knows signed it.
    public static let unknownAuthority = CertificateFaults(rawValue: UInt32(CSOUP_CERTIFICATE_UNKNOWN_AUTHORITY))
    /// It was made for another server name.
    public static let wrongName = CertificateFaults(rawValue: UInt32(CSOUP_CERTIFICATE_WRONG_NAME))
    /// It is not valid yet (or this computer's clock is behind).
    public static let notYetValid = CertificateFaults(rawValue: UInt32(CSOUP_CERTIFICATE_NOT_YET_VALID))
    /// It has expired (or this computer's clock is ahead).
    public static let expired = CertificateFaults(rawValue: UInt32(CSOUP_CERTIFICATE_EXPIRED))
    /// Its authority revoked it.
    public static let revoked = CertificateFaults(rawValue: UInt32(CSOUP_CERTIFICATE_REVOKED))
    /// It is signed with an algorithm too weak to trust.
    public static let insecure = CertificateFaults(rawValue: UInt32(CSOUP_CERTIFICATE_INSECURE))
}
