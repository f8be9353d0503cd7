/// Why the desktop's keyring could not keep or give a password: most often,
/// no Secret Service runs (GLib's message says so).
public struct KeyringError: Error, Sendable, Equatable, CustomStringConvertible {
    /// GLib's message.
    public let message: String

    public var description: String { message }
}
