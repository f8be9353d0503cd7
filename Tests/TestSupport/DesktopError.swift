/// Why a private desktop could not be used.
public enum DesktopError: Error, CustomStringConvertible {
    case didNotStart(String, String)
    case commandFailed(String, String)
    case noWindow(String, [String])

    public var description: String {
        switch self {
        case let .didNotStart(program, error): return "\(program) did not start: \(error)"
        case let .commandFailed(command, error): return "\(command) failed: \(error)"
        case let .noWindow(pattern, titles):
            return "no window titled like /\(pattern)/ appeared; windows: \(titles)"
        }
    }
}
