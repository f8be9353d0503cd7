/// Why the scene manifest (`Info.plist`) cannot be used. Each names the key and the value.
public enum ManifestError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case missingKey(String)
    case wrongType(key: String, expected: String)
    case unknownClass(key: String, value: String)
    case duplicateConfiguration(name: String)
    case noConfigurations(role: String)
    case missingConfiguration(name: String, role: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "the scene manifest \(path) cannot be read: \(reason)"
        case let .missingKey(key): "the scene manifest has no \(key)"
        case let .wrongType(key, expected): "the scene manifest's \(key) must be \(expected)"
        case let .unknownClass(key, value):
            "the scene manifest's \(key) is \"\(value)\", but no scene class of that name exists (write Module.ClassName)"
        case let .duplicateConfiguration(name): "the scene manifest declares the configuration \"\(name)\" twice"
        case let .noConfigurations(role): "the scene manifest declares no configuration for \(role)"
        case let .missingConfiguration(name, role):
            "the scene manifest declares no configuration \"\(name)\" for \(role), which the app asks for"
        }
    }
}
