/// Why a scene request was refused.
public enum SceneError: Error, Equatable, CustomStringConvertible {
    /// The manifest says the app has one window, and it is open.
    case multipleScenesNotSupported
    /// The request was refused for the reason given.
    case requestDenied(String)

    public var description: String {
        switch self {
        case .multipleScenesNotSupported: "this app shows only one window"
        case let .requestDenied(reason): "the request was refused: \(reason)"
        }
    }
}
