/// Why the scene manifest (`Info.plist`) cannot be used. Each names the key and the value.
public enum ManifestError: Error, Equatable, CustomStringConvertible {
    /// The file at `path` cannot be read or is not a property list.
    case unreadable(path: String, reason: String)
    /// A key the manifest needs is not there.
    case missingKey(String)
    /// A key holds a value of another type than `expected`.
    case wrongType(key: String, expected: String)
    /// A class named as `Module.ClassName` is not found, or is not of the kind the key needs.
    case unknownClass(key: String, value: String)
    /// Two configurations of a role share a name.
    case duplicateConfiguration(name: String)
    /// A role has no configuration at all.
    case noConfigurations(role: String)
    /// The app asked for a configuration the manifest does not have.
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
