/// A file an import did not take, and why.
public struct SkippedImportFile: Equatable, Sendable {
    /// The path as it was found (as given, or inside a given folder).
    public let path: String
    public let reason: ImportSkipReason

    public init(path: String, reason: ImportSkipReason) {
        self.path = path
        self.reason = reason
    }
}
