import CGtk

/// Why printing did not happen: GTK's words (no such file, a printer that
/// refused the job).
public struct PrintFailure: Error, Equatable, CustomStringConvertible {
    /// GTK's message.
    public let message: String

    public var description: String { message }

    /// The failure GTK's `error` tells ("" if GTK gave none).
    init(_ error: UnsafeMutablePointer<GError>?) {
        message = error.map { String(cString: $0.pointee.message) } ?? ""
    }
}
