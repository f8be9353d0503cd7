/// Why an object could not be exported on the session bus.
public struct DBusExportError: Error, CustomStringConvertible, Sendable {
    /// The object path asked for.
    public let path: String
    /// What GLib said.
    public let reason: String

    public var description: String { "could not export \(path) on the session bus: \(reason)" }
}
