/// Why a window could not be made.
public enum WindowError: Error, Equatable, CustomStringConvertible {
    /// A UI file could not be read or did not describe the window.
    case cannotBuild(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotBuild(path, reason): "could not build a window from \(path): \(reason)"
        }
    }
}
