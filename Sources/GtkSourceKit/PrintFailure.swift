/// Why printing did not happen: GTK's words (no such file, a printer that
/// refused the job).
public struct PrintFailure: Error, Equatable, CustomStringConvertible {
    /// GTK's message.
    public let message: String

    public var description: String { message }
}
